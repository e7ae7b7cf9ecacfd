"""cardkit.files: no write goes through a link, replaces a file unasked or leaves a partial file."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from cardkit.files import create_new, open_existing, write_file
from cardkit.record import write_json


def test_a_new_file_is_written_whole(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    write_file(target, b"hello\n", replace=False)
    assert target.read_bytes() == b"hello\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left


def test_a_file_made_meanwhile_is_never_replaced(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_text("the user's own file")
    with pytest.raises(FileExistsError):
        write_file(target, b"results", replace=False)
    assert target.read_text() == "the user's own file"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def test_a_link_at_a_new_name_is_not_followed(tmp_path: Path) -> None:
    important = tmp_path / "important.txt"
    important.write_text("keep me")
    (tmp_path / "out.json").symlink_to(important)
    with pytest.raises(FileExistsError):
        write_file(tmp_path / "out.json", b"results", replace=False)
    assert important.read_text() == "keep me"


def test_replacing_refuses_a_link_and_leaves_its_target(tmp_path: Path) -> None:
    important = tmp_path / "important.txt"
    important.write_text("keep me")
    link = tmp_path / "save.json"
    link.symlink_to(important)
    with pytest.raises(OSError) as caught:
        write_json(link, {"a": 1})
    assert caught.value.errno == errno.ELOOP
    assert important.read_text() == "keep me"
    assert link.is_symlink()


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    target.write_text("{}")
    target.chmod(0o600)
    write_json(target, {"a": 1})
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_text() == '{\n  "a": 1\n}\n'


def test_create_new_refuses_anything_there_a_dangling_link_included(tmp_path: Path) -> None:
    link = tmp_path / "lock"
    link.symlink_to(tmp_path / "nowhere")
    with pytest.raises(FileExistsError):
        create_new(link)
    assert not (tmp_path / "nowhere").exists()


def test_open_existing_refuses_a_link_and_a_fifo(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.write_text("x")
    link = tmp_path / "link"
    link.symlink_to(real)
    with pytest.raises(OSError) as caught:
        open_existing(link)
    assert caught.value.errno == errno.ELOOP
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as caught:
        open_existing(fifo)  # returns at once: a FIFO is not waited on
    assert caught.value.errno == errno.EINVAL
    os.close(open_existing(real))
