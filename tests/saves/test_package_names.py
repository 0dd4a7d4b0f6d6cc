"""Every name the save layer offers is there, those of the saves folder and the open game's file
imported only when first asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

import saves
from saves import folder, gamefile, overwrite, tutorials
from tests.helpers.new_interpreter import output_of


def test_every_listed_name_is_there_and_is_the_one_its_module_holds() -> None:
    for name in saves.__all__:
        value = getattr(saves, name)
        for module in (folder, gamefile, overwrite, tutorials):
            assert getattr(module, name, value) is value, f"{name} in {module.__name__}"


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        saves.no_such_name  # noqa: B018


def test_the_folder_and_file_modules_load_when_a_name_of_theirs_is_first_used(
    tmp_path: Path,
) -> None:
    code = (
        "import sys\n"
        "import saves\n"
        "print(sorted(m for m in ('saves.folder', 'saves.gamefile', 'saves.overwrite')"
        " if m in sys.modules))\n"
        "from saves import list_saves\n"
        "print('saves.folder' in sys.modules, list_saves.__module__)\n"
        "print(all(hasattr(saves, name) for name in saves.__all__))\n"
    )
    assert output_of(code, tmp_path).splitlines() == ["[]", "True saves.folder", "True"]
