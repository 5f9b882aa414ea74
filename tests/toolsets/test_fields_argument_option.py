"""``fields_argument``: the manifest option that turns the per-call ``fields`` argument off, in every format.

The server and lint resolve manifests the same way (``resolve``), so what these check is what both report.
"""

from __future__ import annotations

import pytest

from data_pkg.toolsets import resolve
from tests.toolsets.helpers import Write

OFF = {
    "desk.py": 'EXTENDS = ["analyst"]\nFIELDS_ARGUMENT = False\n',
    "desk.yaml": "extends: [analyst]\nfields_argument: false\n",
    "desk.json": '{"extends": ["analyst"], "fields_argument": false}\n',
}
WRONG = {
    "desk.py": ('EXTENDS = ["analyst"]\nFIELDS_ARGUMENT = "no"\n', "2:19"),
    "desk.yaml": ("extends: [analyst]\nfields_argument: no way\n", "2:18"),
    "desk.json": ('{"extends": ["analyst"],\n "fields_argument": 0}\n', "2:21"),
}


def test_tools_whose_answers_are_rows_take_it_by_default() -> None:
    registry = resolve("analyst", env={}).raise_for_errors()
    taking = {tool.name for tool in registry if "fields" in tool.input_schema["properties"]}
    assert "historical_prices" in taking and "quote" not in taking  # rows take it; one object does not
    assert taking == {tool.name for tool in registry if tool.answer.fields_argument}


CHILD = {
    "desk.py": 'EXTENDS = ["./base.py"]\n',
    "desk.yaml": "extends: [./base.yaml]\n",
    "desk.json": '{"extends": ["./base.json"]}\n',
}
"""A manifest extending the one that turns it off, saying nothing of it: off too."""


@pytest.mark.parametrize("name", sorted(OFF))
def test_false_turns_it_off_and_extends_inherits_it(write: Write, name: str) -> None:
    base = write(name.replace("desk", "base"), OFF[name])
    child = write(name, CHILD[name])
    for source in (base, child):
        registry = resolve(source, env={}).raise_for_errors()
        assert len(registry) > 30
        assert [tool.name for tool in registry if "fields" in tool.input_schema["properties"]] == []
        assert not any(tool.answer.fields_argument for tool in registry)


@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_value_that_is_not_a_boolean_is_an_error_at_its_position(write: Write, name: str) -> None:
    text, position = WRONG[name]
    resolution = resolve(write(name, text), env={})
    assert resolution.registry is None
    assert [(d.code, f"{d.line}:{d.col}") for d in resolution.errors] == [("DM104", position)]
    assert "fields_argument" in resolution.errors[0].message.lower()
