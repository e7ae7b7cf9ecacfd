"""Reading and writing record files when the file or the disk is bad."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from cardkit import record as record_module
from cardkit.bots import RandomBot
from cardkit.errors import ParseError, RecordError
from cardkit.record import MAX_DEPTH, Record, read_json, write_json
from cardkit.runner import play_match
from tests.tinygame import GAME


def a_record() -> Record:
    bots = [RandomBot(GAME, s, 3 + s) for s in range(2)]
    return Record.of(play_match(GAME, bots, 3).state, {"bots": ["random"] * 2})


def only_line(exc: BaseException) -> str:
    text = str(exc)
    assert "\n" not in text
    return text


def test_a_truncated_record_is_named_truncated(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    a_record().save(path)
    whole = path.read_bytes()
    for cut in (len(whole) // 2, len(whole) - 3, 12):
        path.write_bytes(whole[:cut])
        with pytest.raises(RecordError) as info:
            Record.load(path)
        assert "ends early (truncated?)" in only_line(info.value)
        assert str(path) in str(info.value)
    path.write_bytes(b"")
    with pytest.raises(RecordError, match="it is empty"):
        Record.load(path)


@pytest.mark.parametrize("text", ["[" * 100000 + "]" * 100000, '{"a":' * 5000 + "1" + "}" * 5000])
def test_deep_nesting_is_refused_without_recursing(tmp_path: Path, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text)
    with pytest.raises(RecordError) as info:
        Record.load(path)
    assert f"nested deeper than {MAX_DEPTH}" in only_line(info.value)


def test_nesting_just_past_the_limit_is_refused_and_at_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "n.json"
    path.write_text("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    value = read_json(path)
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []
    path.write_text("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(ParseError, match="nested deeper"):
        read_json(path)
    # a record whose meta hides the depth one level down is refused too
    data = a_record().to_json()
    data["meta"] = {"note": json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)}  # depth 2 + 64
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="nested deeper"):
        Record.load(path)


def test_a_file_larger_than_the_limit_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert record_module.MAX_BYTES == 64 * 1024 * 1024  # the documented limit
    monkeypatch.setattr(record_module, "MAX_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text("[" + ",".join(["1"] * 50) + "]")  # 101 bytes: one over
    assert path.stat().st_size == 101
    with pytest.raises(ParseError) as info:
        read_json(path, "a cardkit record")
    assert "larger than" in only_line(info.value) and str(path) in str(info.value)
    path.write_text("[" + ",".join(["1"] * 49) + "] ")  # 100 bytes: read
    assert read_json(path) == [1] * 49


def test_not_utf8_and_overlong_numbers_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(b'{"format": "cardkit-record", "game": "\xff"}')
    with pytest.raises(RecordError) as info:
        Record.load(path)
    assert "not UTF-8 text" in only_line(info.value)
    path.write_text("9" * 5000)  # more digits than Python turns into an int by default
    with pytest.raises(RecordError) as info:
        Record.load(path)
    assert "a number too long" in only_line(info.value)


def test_a_full_disk_keeps_the_previous_file_and_leaves_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "m.json"
    first = a_record()
    first.save(path)
    before = path.read_bytes()
    written: list[int] = []
    real_write = os.write

    def full(fd: int, data: bytes) -> int:
        if written:  # the first chunk goes down, the rest finds the disk full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(len(data))
        return real_write(fd, bytes(data)[:10])

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(OSError) as info:
        Record(first.game, first.players, first.seed, first.options, first.actions[:1]).save(path)
    assert info.value.errno == errno.ENOSPC
    assert written  # the write did begin
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


def test_a_vanished_folder_is_an_error_unless_folders_are_made(tmp_path: Path) -> None:
    path = tmp_path / "gone" / "m.json"
    with pytest.raises(FileNotFoundError):
        a_record().save(path, make_folders=False)
    assert not path.parent.exists()
    a_record().save(path)  # the default makes missing folders, as arena --logs relies on
    assert Record.load(path) == a_record()


def test_write_json_removes_its_temporary_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.json"

    def no_rename(src: object, dst: object) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "replace", no_rename)
    with pytest.raises(OSError):
        write_json(path, {"a": 1})
    assert list(tmp_path.iterdir()) == []
