# Shared by scripts/stk and scripts/test (sourced, not run).
#
# require_libedit: the line editor compiles against libedit's <histedit.h>.
# When it is missing, install Debian's libedit-dev with apt-get (as root, or
# through sudo), printing only a one-line notice unless something fails.
# require_chromium does the same for the browser the page tests use.

require_libedit() {
    [[ -e /usr/include/histedit.h ]] && return 0
    install_debian_package libedit-dev "the line editor's headers" /usr/include/histedit.h
}

# require_chromium: the test suite opens an exported page in headless Chromium
# (Debian's chromium package); installed the same way when missing.
require_chromium() {
    command -v chromium >/dev/null 2>&1 && return 0
    install_debian_package chromium "the browser the page tests open" /usr/bin/chromium
}

# require_manual_tools: the manual page's test regenerates docs/man/stk.1 with
# python3 (scripts/lib/manual_page.py) and checks it with groff for warnings.
require_manual_tools() {
    command -v python3 >/dev/null 2>&1 || install_debian_package python3-minimal "the manual page's generator" /usr/bin/python3
    command -v groff >/dev/null 2>&1 || install_debian_package groff-base "the manual page's checker" /usr/bin/groff
}

# install_debian_package PACKAGE WHAT FILE: apt-get install PACKAGE (as root,
# or through sudo), then check that FILE exists.
install_debian_package() {
    local package="$1" what="$2" file="$3"
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "error: $package ($what) is missing (no $file) and apt-get is not available;" \
            "install it using this system's package manager" >&2
        exit 2
    fi
    local -a as_root=()
    if [[ $(id -u) -ne 0 ]]; then
        if command -v sudo >/dev/null 2>&1; then
            as_root=(sudo)
        else
            echo "error: $package ($what) is missing (no $file);" \
                "run as root or install sudo, or install it yourself: apt-get install $package" >&2
            exit 2
        fi
    fi

    echo "Installing $package ($what)..." >&2
    local log
    log="$(mktemp)"
    local -a install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package")
    # The package lists are refreshed once, and only when installing without
    # them fails: fresh images ship none, and updating costs the most time.
    if ! ${as_root[@]+"${as_root[@]}"} "${install[@]}" >"$log" 2>&1; then
        if ! { ${as_root[@]+"${as_root[@]}"} apt-get update -qq && ${as_root[@]+"${as_root[@]}"} "${install[@]}"; } >>"$log" 2>&1; then
            cat "$log" >&2
            rm -f "$log"
            echo "error: could not install $package (apt-get output above)" >&2
            exit 2
        fi
    fi
    rm -f "$log"
    if [[ ! -e "$file" ]]; then
        echo "error: $package was installed but $file is still missing" >&2
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
