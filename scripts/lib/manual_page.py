#!/usr/bin/env python3
"""Makes stk's manual page (mdoc) from stk itself and a template; run by scripts/man.

    python3 scripts/lib/manual_page.py STK TEMPLATE > stk.1

What can drift is asked of the `stk` executable STK, never written by hand:

- the synopsis, the options and the subcommands come from
  `stk --experimental-dump-help` (the description swift-argument-parser keeps
  of every subcommand, option and help text, the one `--help` prints);
- the commands of the language come from `help` (the REPL's own list, made
  from the command catalog) and `help CMD` for each (for its aliases);
- the exit statuses come from the sentences of the help texts that state them
  ("Exit status: 0 ..., 1 ..., 2 ...", or "exits N when ...");
- the version comes from `stk --version`.

Everything else (what stk is, the language's rules, ENVIRONMENT, FILES, the
examples, the date) is written by hand in TEMPLATE (docs/man/stk.1.template),
an mdoc page in which a line that is only `@NAME@` is replaced by the part
NAME below, and a line starting with `.\\"#` is a note on the template, left
out of the page. The output depends on STK and TEMPLATE alone (no clock, no
environment), so the same sources give the same bytes, and it never holds an
empty line (mdoc warns on each).
"""

import json
import re
import subprocess
import sys

# mdoc macros that are parsed, and so would be taken as macros, when a word of
# a macro line (.It, .Nd) spells one: such words get a leading \& there.
CALLABLE = set(
    "Ac Ad An Ao Ap Aq Ar At Bc Bo Bq Brc Bro Brq Bsx Bx Cd Cm Dc Do Dq Dv Dx Ec Em En Eo Er Es Ev "
    "Fa Fc Fl Fn Fo Fr Fx Ic In Li Lk Ms Mt Nm No Ns Nx Oc Oo Op Ox Pa Pc Pf Po Pq Qc Ql Qo Qq Sc "
    "So Sq St Sx Sy Tn Ux Va Vt Xc Xo Xr".split()
)
# Delimiters: alone as a word of a macro line, mdoc moves them around.
DELIMITERS = set(". , : ; ( ) [ ] ? !".split())


def run(stk, arguments):
    """stk's standard output; any failure stops the page (it would be wrong)."""
    result = subprocess.run([stk] + arguments, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"manual_page.py: `stk {' '.join(arguments)}` failed ({result.returncode}):\n{result.stderr}")
    return result.stdout


# MARK: roff text


def text(paragraphs):
    """Prose as roff text lines: blank lines become .Pp, the rest is escaped.
    Never starts or ends with .Pp (mdoc warns on a paragraph at either end)."""
    lines, pending = [], False
    for line in paragraphs.split("\n"):
        line = line.strip()
        if not line:
            pending = bool(lines)
            continue
        if pending:
            lines.append(".Pp")
            pending = False
        lines.append(text_line(line))
    return lines


def text_line(line):
    """One line of text: backslashes escaped, and a line roff would read as a
    request (starting with . or ') made plain."""
    line = line.replace("\\", "\\e")
    # `--update` is one word: no hyphenation inside an option's name.
    line = re.sub(r"(^|(?<=[\s(]))(?=-)", "\\%", line)
    return "\\&" + line if line[:1] in (".", "'") else line


def argument(word):
    """One word for a macro line."""
    word = word.replace("\\", "\\e").replace('"', "\\(dq")
    if word in CALLABLE or word in DELIMITERS:
        return "\\&" + word
    return word


def words(line):
    """Free text on a macro line (.Nd), word by word."""
    return " ".join(argument(word) for word in line.split())


# MARK: the command line (--experimental-dump-help)


def shown(command):
    return [a for a in command.get("arguments", []) if a.get("shouldDisplay", True)]


def flag_name(name):
    """A name as the argument of Fl (which adds the first dash)."""
    if name["kind"] == "long":
        return "-" + name["name"]
    return name["name"]  # short, longWithSingleDash


def option_head(arg, every_name=True):
    """`Fl -color Ar when`, `Fl h , Fl -help`, `Ar file.stk ...`."""
    if arg["kind"] == "positional":
        return "Ar " + argument(arg["valueName"]) + (" ..." if arg.get("isRepeating") else "")
    names = arg.get("names", [])
    if not every_name:
        names = [arg.get("preferredName", names[0])]
    head = " , ".join("Fl " + argument(flag_name(name)) for name in names)
    if arg["kind"] == "option":
        head += " Ar " + argument(arg["valueName"])
    return head


def is_standard(arg):
    """--version and --help: every command has them; the synopsis leaves them out."""
    return any(name["name"] in ("version", "help") for name in arg.get("names", [])) and arg["kind"] == "flag"


def synopsis_line(command, name, all_options):
    """One .Nm block of the SYNOPSIS."""
    lines = [".Nm"]
    if name:
        lines.append(".Cm " + argument(name))
    options = [a for a in shown(command) if a["kind"] != "positional" and not is_standard(a)]
    if all_options:
        lines += [".Op " + option_head(a, every_name=False) for a in options]
    elif options:
        lines.append(".Op Ar options")
    for a in shown(command):
        if a["kind"] == "positional":
            head = option_head(a)
            lines.append((".Op " if a.get("isOptional") else ".") + head)
    return lines


def option_help(arg):
    """An option's help, with its values and default as `--help` shows them."""
    help = (arg.get("abstract") or "").strip()
    extra = []
    if arg.get("allValues"):
        extra.append("values: " + ", ".join(arg["allValues"]))
    if arg.get("defaultValue") is not None and arg["kind"] != "flag":
        extra.append("default: " + arg["defaultValue"])
    if extra:
        help += (" " if help else "") + "(" + "; ".join(extra) + ")"
    lines = text(help) if help else []
    if arg.get("discussion"):
        lines += [".Pp"] + text(arg["discussion"])
    return lines


def option_list(arguments):
    """The arguments that have help (one without, such as `help`'s topics,
    stays in the synopsis: an item without a body would say nothing)."""
    lines = [".Bl -tag -width Ds"]
    for arg in arguments:
        if not (arg.get("abstract") or arg.get("discussion")):
            continue
        lines.append(".It " + option_head(arg))
        lines += option_help(arg)
    return lines + [".El"]


def same(a, b):
    keys = ("kind", "names", "valueName", "abstract", "discussion", "defaultValue", "allValues", "isRepeating")
    return all(a.get(k) == b.get(k) for k in keys)


def subcommand_section(command, root):
    """A subcommand: its abstract and discussion, its own options, and the
    names of those it shares with stk itself (described once, above)."""
    name = command["commandName"]
    lines = [".Ss " + argument(root["commandName"]) + " " + argument(name)]
    lines += text(command.get("abstract", ""))
    if command.get("discussion"):
        lines += [".Pp"] + text(command["discussion"])
    root_arguments = shown(root)
    own = [a for a in shown(command) if not any(same(a, r) for r in root_arguments)]
    shared = [a for a in shown(command) if any(same(a, r) for r in root_arguments)]
    own_with_help = [a for a in own if a.get("abstract") or a.get("discussion")]
    if own_with_help:
        lines += option_list(own_with_help)
    if shared:
        lines.append(".Pp")
        lines.append(("It also takes" if own_with_help else "It takes") + " these of")
        lines.append(".Nm Ns 's")
        lines.append("options and arguments, described above:")
        for i, a in enumerate(shared):
            lines.append(".Fl " + argument(flag_name(a.get("preferredName", a["names"][0]))) if a["kind"] != "positional"
                         else ".Ar " + argument(a["valueName"]))
            lines[-1] += " ," if i < len(shared) - 1 else " ."
    return lines


# MARK: exit statuses (from the help texts)


def sentences(paragraphs):
    flat = " ".join(paragraphs.split())
    return [s for s in re.split(r"(?<=\.)\s+", flat) if s]


def exit_status(command):
    """What the help text says of the exit status: [(status, meaning)] from
    "Exit status: 0 A, 1 B, 2 C.", else the sentences saying "exits N"."""
    found = []
    for sentence in sentences(command.get("discussion", "") + "\n" + command.get("abstract", "")):
        match = re.search(r"Exit status: (.*?)\.?$", sentence)
        if match:
            statuses = re.findall(r"(?:^|,\s*)(\d+)\s+(.*?)(?=,\s*\d+\s|$)", match.group(1))
            if statuses:
                found.append(("list", statuses))
                continue
        if re.search(r"\bexits \d+\b", sentence):
            found.append(("sentence", sentence))
    return found


def exit_status_part(root):
    commands = [(root, "Nm")] + [
        (c, "Nm Cm " + argument(c["commandName"]))
        for c in root.get("subcommands", []) if c.get("shouldDisplay", True)
    ]
    # `run` is stk itself: it says nothing of its own, stk's text holds.
    lines = [".Bl -tag -width Ds"]
    for command, head in commands:
        found = exit_status(command)
        if not found:
            continue
        if command is root:
            default = root.get("defaultSubcommand")
            head += (" , Nm Cm " + argument(default)) if default else ""
        lines.append(".It " + head)
        for kind, value in found:
            if kind == "list":
                lines.append(".Bl -tag -width 1n -compact")
                for status, meaning in value:
                    lines += [".It " + status] + text(meaning)
                lines.append(".El")
            else:
                lines += text(value)
    return lines + [".El"]


# MARK: the language (help)


def language_part(stk):
    overview = run(stk, ["-e", "help"])
    # Group titles flush left, each over its commands ("  NAME  summary");
    # a flush-left line with no commands under it (the last) is prose.
    groups = []
    for line in overview.split("\n"):
        entry = re.match(r"^  (\S+)\s+(.*)$", line)
        if entry and groups:
            groups[-1][1].append((entry.group(1), entry.group(2).strip()))
        elif line.strip():
            groups.append((line.strip(), []))
    closing = [title for title, entries in groups if not entries]
    groups = [group for group in groups if group[1]]
    names = [name for _, entries in groups for name, _ in entries]
    if not names:
        sys.exit("manual_page.py: `stk -e help` listed no commands")
    # Each command's aliases, from its own help (one run for all of them).
    aliases = {}
    script = "; ".join("help " + name for name in names)
    for line in run(stk, ["--json", "-e", script]).splitlines():
        help = json.loads(line).get("help", "")
        usage = re.match(r"usage: (\S+)", help)
        alias = re.search(r"^alias: (.*)$", help, re.M)
        if usage and alias:
            aliases[usage.group(1)] = [a.strip() for a in alias.group(1).split(",")]
    lines = []
    for title, entries in groups:
        lines.append(".Ss " + words(title))
        lines.append(".Bl -tag -width \"contentsize\" -compact")
        for name, summary in entries:
            head = " , ".join("Ic " + argument(n) for n in [name] + aliases.get(name, []))
            lines += [".It " + head] + text(summary)
        lines.append(".El")
    if closing:
        lines += [".Pp"] + text("\n".join(closing))
    return lines


# MARK: the page


def page(stk, template_path):
    dump = json.loads(run(stk, ["--experimental-dump-help"]))
    root = dump["command"]
    version = run(stk, ["--version"]).split()
    subcommands = [c for c in root.get("subcommands", []) if c.get("shouldDisplay", True)]

    synopsis = synopsis_line(root, None, all_options=True)
    for command in subcommands:
        synopsis += synopsis_line(command, command["commandName"], all_options=False)

    abstract = root.get("abstract", "").strip().rstrip(".")
    parts = {
        "VERSION": [".Os " + " ".join(argument(w) for w in version[:2])],
        "NAME": [".Nm " + root["commandName"], ".Nd " + words(abstract[:1].lower() + abstract[1:])],
        "SYNOPSIS": synopsis,
        "DISCUSSION": text(root.get("discussion", "")),
        "OPTIONS": option_list(shown(root)),
        "SUBCOMMANDS": [line for c in subcommands for line in subcommand_section(c, root)],
        "LANGUAGE": language_part(stk),
        "EXIT_STATUS": exit_status_part(root),
    }

    out = []
    with open(template_path, encoding="utf-8") as template:
        for number, line in enumerate(template.read().split("\n"), 1):
            if line.startswith('.\\"#'):
                continue
            placeholder = re.fullmatch(r"@([A-Z_]+)@", line)
            if placeholder:
                if placeholder.group(1) not in parts:
                    sys.exit(f"{template_path}:{number}: unknown part {line}")
                out += parts.pop(placeholder.group(1))
            else:
                out.append(line)
    if parts:
        sys.exit(f"{template_path}: the template does not place " + ", ".join("@" + p + "@" for p in parts))
    while out and out[-1] == "":
        out.pop()
    for number, line in enumerate(out, 1):
        if not line.strip() or line != line.rstrip():
            sys.exit(f"manual_page.py: line {number} of the page is empty or ends with blanks "
                     f"(mdoc warns on both): {line!r}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: manual_page.py STK TEMPLATE")
    sys.stdout.write(page(sys.argv[1], sys.argv[2]))
