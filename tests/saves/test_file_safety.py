"""Files that are not what they seem: FIFOs and devices, symlinks, read-only saves, files built
to make the TOML parser slow, a BOM, and saves folders that cannot be listed. Each gets one
sentence, never a hang, a traceback or a replaced file."""

from __future__ import annotations

import copy
import os
import stat
import subprocess
import sys
import threading
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
import tomli_w

import rules
import saves
from rajas_tui.cli import main
from saves import files as savefile
from tests.helpers.save_examples import MIDGAME, OPENING

CLI_TIMEOUT = 20  # seconds: a hang shows as a timeout, a refusal takes well under one


def _copy(source: Path, folder: Path, name: str | None = None) -> Path:
    path = folder / (name or source.name)
    path.write_bytes(source.read_bytes())
    return path


def _rajas(*args: str, stdin: int = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rajas_tui.cli", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=CLI_TIMEOUT,
    )


def _one_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 1, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


# Item 7: only regular files are read ----------------------------------------------------------


@pytest.mark.parametrize("through_link", [False, True])
@pytest.mark.parametrize("command", [["validate"], ["show"], ["legal"], ["apply", "@", "pass"]])
def test_a_fifo_is_refused_not_waited_on(tmp_path: Path, command: list[str], through_link: bool):
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    path = fifo
    if through_link:
        path = tmp_path / "link.toml"
        path.symlink_to(fifo)
    args = [str(path) if part == "@" else part for part in command]
    if len(args) == 1:
        args.append(str(path))
    _one_line(_rajas(*args), str(path), "not a regular file")
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def test_new_from_a_fifo_position_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "position.toml"
    os.mkfifo(fifo)
    result = _rajas("new", "--players", "A,B", "--position", str(fifo), "--save",
                    str(tmp_path / "g.toml"))  # fmt: skip
    _one_line(result, "not a regular file")


def test_a_link_to_stdin_does_not_wait_for_input(tmp_path: Path) -> None:
    link = tmp_path / "stdin.toml"
    link.symlink_to("/dev/stdin")
    reader, writer = os.pipe()  # kept open: a read would wait forever
    try:
        _one_line(_rajas("validate", str(link), stdin=reader), "not a regular file")
    finally:
        os.close(reader)
        os.close(writer)


def test_loading_a_fifo_in_process_returns_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "game.toml"
    os.mkfifo(fifo)
    outcome: list[BaseException] = []

    def load() -> None:
        try:
            saves.load(fifo)
        except BaseException as error:
            outcome.append(error)

    worker = threading.Thread(target=load, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # unblock the stuck open() so the thread can end, then fail
        os.close(os.open(fifo, os.O_WRONLY))
        worker.join(5)
        pytest.fail("loading a FIFO waited for a writer")
    assert len(outcome) == 1 and isinstance(outcome[0], saves.SaveError), outcome
    assert str(outcome[0]) == f"{fifo}: is a FIFO (named pipe), not a regular file; not read."


# Item 4: writing never replaces what it should not ------------------------------------------


def test_a_save_through_a_symlink_writes_its_target(tmp_path: Path) -> None:
    target = _copy(OPENING, tmp_path, "real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(target.name)
    game = saves.load(target)
    saves.save(game, link)
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert saves.backup_of(target).exists() and not saves.backup_of(link).exists()


def test_apply_through_a_symlink_updates_the_target(tmp_path: Path, capsys) -> None:
    target = _copy(MIDGAME, tmp_path, "real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    action = str(rules.legal_actions(saves.load(target).state)[0])
    assert main(["apply", str(link), action]) == 0, capsys.readouterr().err
    assert link.is_symlink()
    assert len(saves.load(target).log) > len(saves.load(MIDGAME).log)


@pytest.mark.parametrize(
    ("make", "kind"),
    [
        (lambda p: os.mkfifo(p), "a FIFO (named pipe)"),
        (lambda p: p.symlink_to("/dev/null"), "a device"),
        (lambda p: p.mkdir(), "a folder"),
    ],
)
def test_a_save_onto_something_not_a_file_is_refused(
    tmp_path: Path, make: Callable[[Path], None], kind: str
) -> None:
    path = tmp_path / "odd.toml"
    make(path)
    before = os.stat(path).st_mode
    game = saves.load(OPENING)
    with pytest.raises(saves.SaveError) as caught:
        saves.save(game, path)
    message = str(caught.value)
    assert message.startswith(f"{path}: is {kind}") and message.endswith("."), message
    assert os.stat(path).st_mode == before
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_new_force_onto_a_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "null.toml"
    link.symlink_to("/dev/null")
    result = _rajas("new", "--players", "A,B", "--save", str(link), "--force")
    _one_line(result, "is a device")
    assert link.is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_read_only_save_is_not_overwritten(tmp_path: Path, capsys) -> None:
    path = _copy(MIDGAME, tmp_path)
    path.chmod(0o444)
    before = path.read_bytes()
    with pytest.raises(saves.SaveError, match=r"is read-only; it is left as it is\.$"):
        saves.save(saves.load(OPENING), path)
    action = str(rules.legal_actions(saves.load(path).state)[0])
    assert main(["apply", str(path), action]) == 1
    assert "read-only" in capsys.readouterr().err
    assert path.read_bytes() == before and not saves.backup_of(path).exists()


def test_only_a_rajas_save_may_be_replaced_by_save_as(tmp_path: Path) -> None:
    document = tmp_path / "letter.docx"
    document.write_bytes(b"PK\x03\x04 a word document")
    assert savefile.replace_problem(document) == "is not a rajas save, so it is not replaced"
    assert savefile.replace_problem(_copy(MIDGAME, tmp_path)) is None
    assert savefile.replace_problem(tmp_path / "new.toml") is None
    assert savefile.replace_problem(tmp_path / "no" / "such.toml") == (
        f"the folder {tmp_path / 'no'} does not exist"
    )


# Item 6: reading any file under the cap is cheap ------------------------------------------


def _fill(unit: Callable[[int], str], head: str = "", tail: str = "") -> bytes:
    """`head`, then `unit(i)` for i = 0, 1, ... while the file stays under the size cap."""
    parts, size, i = [head], len(head) + len(tail), 0
    while True:
        piece = unit(i)
        if size + len(piece) > saves.MAX_BYTES - 16:
            break
        parts.append(piece)
        size += len(piece)
        i += 1
    parts.append(tail)
    return "".join(parts).encode()


def _adversarial() -> dict[str, bytes]:
    """Files just under the cap, each shaped to make tomllib slow (or to crash it)."""
    dotted = 15_000
    return {
        "long dotted key": ("x" + ".x" * dotted + " = 1\n").encode(),
        "long table header, then many keys": _fill(
            lambda i: f"k{i} = 1\n", head="[" + "a." * 3000 + "a]\n"
        ),
        "long dotted key in an inline table": ("t = {" + "a." * 20_000 + "a = 1}\n").encode(),
        "many keys": _fill(lambda i: f"k{i} = 1\n"),
        "many dotted keys": _fill(lambda i: f"a.b{i} = 1\n"),
        "many tables": _fill(lambda i: f"[t{i}]\n"),
        "many array tables": _fill(lambda _: "[[a]]\n"),
        "many long array-table headers": _fill(lambda _: "[[" + "a." * 30 + "a]]\n"),
        "wide array": _fill(lambda _: "1,", head="x = [", tail="]\n"),
        "wide array of arrays": _fill(lambda _: "[1],", head="x = [", tail="]\n"),
        "wide inline table": _fill(lambda i: f"k{i}=1,", head="x = {", tail="a=1}\n"),
        "many escapes": _fill(lambda _: "\\n", head='x = "', tail='"\n'),
        "huge integer": _fill(lambda _: "9", head="x = ", tail="\n"),
        "huge float": _fill(lambda _: "9", head="x = 1.", tail="\n"),
        "deep arrays": b"x = " + b"[" * 1_000_000 + b"]" * 1_000_000 + b"\n",
        "deep inline tables": b"x = " + b"{a=" * 500_000 + b"1" + b"}" * 500_000 + b"\n",
    }


@pytest.mark.slow
def test_files_built_to_be_slow_are_refused_before_parsing(tmp_path: Path, monkeypatch) -> None:
    def explode(*_: object) -> None:
        raise AssertionError("the parser was reached")

    monkeypatch.setattr(tomllib, "loads", explode)
    for number, (name, content) in enumerate(_adversarial().items()):
        assert len(content) <= saves.MAX_BYTES, name
        path = tmp_path / f"slow{number}.toml"
        path.write_bytes(content)
        started = time.process_time()
        with pytest.raises(saves.SaveError) as caught:
            saves.load(path)
        spent = time.process_time() - started
        message = str(caught.value)
        assert message.startswith(f"{path}: ") and message.endswith(".") and "\n" not in message
        assert spent < 1.0, (name, spent)
        path.unlink()


def _largest_accepted() -> dict[str, bytes]:
    """Files that pass the scan with as much as it lets through, in the shapes tomllib is
    slowest on: these bound the time any file under the cap takes."""
    budget = savefile.MAX_ITEMS
    depth = savefile.MAX_KEY_PARTS
    line = savefile.MAX_LINE
    key = ".".join(["a"] * depth)
    return {
        "keys": "".join(f"k{i} = 1\n" for i in range(budget // 2 - 1)).encode(),
        "deep keys under a deep header": (
            f"[{key}]\n"
            + "".join(
                f"{'.'.join(['b'] * (depth - 1))}.k{i} = 1\n" for i in range(budget // (depth + 2))
            )
        ).encode(),
        "tables": "".join(f"[t{i}]\n" for i in range(budget // 2 - 1)).encode(),
        "array items": (
            "x = [\n" + ("1," * (line // 2 - 1) + "\n") * (budget // (line // 2) - 1) + "]\n"
        ).encode(),
        "long strings": _fill(lambda i: f'k{i} = "' + "a" * (line - 20) + '"\n'),
        "a long multi-line string": _fill(
            lambda _: "a" * (line - 1) + "\n", head='x = """\n', tail='"""\n'
        ),
        "escapes in lines": (
            'x = """' + ("\\n" * (line // 2 - 8) + "\n") * (budget // (line // 2)) + '"""\n'
        ).encode(),
    }


@pytest.mark.slow
def test_any_file_the_scan_lets_through_parses_within_a_second(tmp_path: Path) -> None:
    for number, (name, content) in enumerate(_largest_accepted().items()):
        assert savefile.scan_problem(content) is None, name
        path = tmp_path / f"big{number}.toml"
        path.write_bytes(content)
        started = time.process_time()
        with pytest.raises(saves.SaveError):  # each is valid TOML, but not a save
            saves.load(path)
        spent = time.process_time() - started
        assert spent < 1.0, (name, spent)


def test_the_scan_leaves_the_example_saves_far_inside_its_limits() -> None:
    for source in (OPENING, MIDGAME):
        data = source.read_bytes()
        assert savefile.scan_problem(data) is None
        assert savefile.count_items(data) * 10 < savefile.MAX_ITEMS


def test_a_huge_integer_is_a_sentence_not_a_crash(tmp_path: Path) -> None:
    # The line limit keeps such a number from the parser; this is the parser's own answer.
    path = tmp_path / "int.toml"
    with pytest.raises(saves.SaveError, match=r"int\.toml: not valid TOML \(exceeds the limit"):
        savefile._parse(path, "x = " + "9" * 5000 + "\n")


# Item 17: messages ------------------------------------------------------------------------


def test_a_list_of_the_wrong_length_is_told_by_its_length(tmp_path: Path) -> None:
    data = tomllib.loads(MIDGAME.read_text())
    changed = copy.deepcopy(data)
    # A yield tile moved to the discard: every tile still in one place, so only the replay
    # can tell, by the lists' lengths.
    supply = changed["state"]["supply"]
    supply["yield_discard"].append(supply["yields"].pop(0))
    path = tmp_path / "moved.toml"
    path.write_text(tomli_w.dumps(changed))
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == (
        f"{path}: key state.supply.yields: the log does not lead here: the file lists 6 "
        "items, the log leads to 7."
    )


def test_snapshot_differences_name_what_differs() -> None:
    differ = savefile._first_difference
    assert differ({"a": [1, 2]}, {"a": [1, 2, 3]}, "s") == (
        "s.a",
        "the file lists 2 items, the log leads to 3",
    )
    assert differ([1], [], "s") == ("s", "the file lists 1 item, the log leads to 0")
    assert differ({}, {"b": 1}, "s") == ("s.b", "the file has no b, the log leads to 1")
    assert differ({"b": 1, "c": 2}, {"b": 1}, "s") == ("s.c", "the file has c, the log has none")
    assert differ({"b": [1]}, {"b": {"x": 1}}, "s") == (
        "s.b",
        "the file says a list, the log leads to a table",
    )


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + MIDGAME.read_bytes())
    assert saves.load(path).state == saves.load(MIDGAME).state


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-16-le"])
def test_utf_16_is_named(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "wide.toml"
    bom = "\ufeff" if encoding != "utf-16" else ""
    path.write_bytes((bom + MIDGAME.read_text()).encode(encoding))
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == f"{path}: byte 0: UTF-16 text, but a save is UTF-8."


def test_a_saves_folder_that_is_a_file_is_named(tmp_path: Path, capsys) -> None:
    file = _copy(OPENING, tmp_path)
    assert main(["saves", "--saves", str(file)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"rajas: {file}: is a file, not a folder of saves.\n"


def test_a_saves_folder_that_is_a_broken_link_is_named(tmp_path: Path, capsys) -> None:
    link = tmp_path / "saves"
    link.symlink_to(tmp_path / "gone")
    assert main(["saves", "--saves", str(link)]) == 1
    assert capsys.readouterr().err == (
        f"rajas: {link}: is a link to {tmp_path / 'gone'}, which does not exist.\n"
    )


def test_an_unreadable_saves_folder_is_named(tmp_path: Path, capsys, monkeypatch) -> None:
    _copy(OPENING, tmp_path)
    real_scandir = os.scandir

    def denied(path: object = ".") -> object:
        if Path(str(path)) == tmp_path:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", denied)
    assert main(["saves", "--saves", str(tmp_path)]) == 1
    assert capsys.readouterr().err == (
        f"rajas: {tmp_path}: the saves folder cannot be read (Permission denied).\n"
    )


def test_a_missing_saves_folder_says_so(tmp_path: Path, capsys) -> None:
    assert main(["saves", "--saves", str(tmp_path / "none")]) == 0
    assert capsys.readouterr().out == f"No saves in {tmp_path / 'none'} (it does not exist yet).\n"


def test_new_names_what_is_at_the_path_before_offering_force(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    assert main(["new", "--players", "A,B", "--save", str(fifo)]) == 1
    error = capsys.readouterr().err
    assert "is a FIFO (named pipe)" in error and "--force" not in error, error
    assert stat.S_ISFIFO(fifo.stat().st_mode)
