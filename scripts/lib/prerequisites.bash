# Shared by scripts/stk and scripts/test (sourced, not run).
#
# require_libedit: the line editor compiles against libedit's <histedit.h>.
# When it is missing, install Debian's libedit-dev with apt-get (as root, or
# through sudo), printing only a one-line notice unless something fails.

require_libedit() {
    [[ -e /usr/include/histedit.h ]] && return 0

    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: libedit's development files are missing (no /usr/include/histedit.h) and apt-get is not available;" \
            "install libedit with headers (libedit-dev, libedit-devel) using this system's package manager" >&2
        exit 2
    fi
    local -a as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        if command -v sudo >/dev/null 2>&1; then
            as_root=(sudo)
        else
            echo "error: libedit's development files are missing (no /usr/include/histedit.h);" \
                "run as root or install sudo, or install them yourself: apt-get install libedit-dev" >&2
            exit 2
        fi
    fi

    echo "Installing libedit-dev (the line editor's headers)..." >&2
    local log
    log="$(mktemp)"
    local -a install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends libedit-dev)
    # The package lists are refreshed once, and only when installing without
    # them fails: fresh images ship none, and updating costs the most time.
    if ! ${as_root[@]+"${as_root[@]}"} "${install[@]}" >"$log" 2>&1; then
        if ! { ${as_root[@]+"${as_root[@]}"} apt-get update -qq && ${as_root[@]+"${as_root[@]}"} "${install[@]}"; } >>"$log" 2>&1; then
            cat "$log" >&2
            rm -f "$log"
            echo "error: could not install libedit-dev (apt-get output above)" >&2
            exit 2
        fi
    fi
    rm -f "$log"
    if [[ ! -e /usr/include/histedit.h ]]; then
        echo "error: libedit-dev was installed but /usr/include/histedit.h is still missing" >&2
        exit 2
    fi
}

# The release build scripts/stk and scripts/bench run. Dynamic exclusivity
# checks are off: every read of a layout attribute otherwise goes through the
# runtime's access tracking, the largest single cost of a scroll step. (SwiftPM
# ignores this flag when a dependency package declares it, so it is passed
# here, for the whole build.) Both scripts use the same flags, so they share
# one build.
release_build=(-c release -Xswiftc -enforce-exclusivity=unchecked)
