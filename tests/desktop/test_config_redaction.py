"""No config command prints a key: validate, install and doctor mask every ``*_API_KEY`` / ``apikey`` value.

Each config below puts a problem in or next to a key's value, where a finding would quote it.
Every byte the three commands write (stdout and stderr, through the real entry point) is
searched for the key and for its middle part, which a partial quote would show too.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from data_pkg.desktop import validate_config
from data_pkg.desktop._redact import Redactor, is_secret_name
from data_pkg.desktop._strict_json import read_strict
from tests.desktop.test_config_support import ASSISTANT, base_env, closed_port_url, run, write_config
from tests.support import SECRET_KEY

PIECE = "9f2c7e41b8d3"
"""The middle of every key used here: no output may hold it, whole or cut."""
assert PIECE in SECRET_KEY
WORD_KEY = SECRET_KEY.replace("-", "_")
"""The key as one word, so that an unquoted key is read (and would be quoted) whole."""
NUMBER_KEY = "7" + PIECE.replace("f", "1").replace("c", "2").replace("e", "3").replace("b", "4").replace("d", "5")
PYTHON = json.dumps(os.path.abspath(sys.executable))
FINE = '"DATA_BASE_URL": "http://127.0.0.1:9", "PYTHONUNBUFFERED": "1"'


def _config(env: str, *, args: str = '["-m", "data_pkg.mcp"]', other: str = "") -> str:
    """A config whose market-data entry has ``env`` written as is (JSON or not), and maybe another server."""
    entry = f'"market-data": {{"command": {PYTHON}, "args": {args},\n    "env": {{{env}}}}}'
    return '{"mcpServers": {\n  ' + (other + ",\n  " if other else "") + entry + "\n}}\n"


# case -> (config text, the code the problem is reported as, what it says, what must never be printed)
CASES: dict[str, tuple[str, str, str, str]] = {
    "single-quoted": (
        _config(f"\"DATA_API_KEY\": '{SECRET_KEY}', {FINE}"),
        "DC103",
        "single-quoted string '****CRET'",
        SECRET_KEY,
    ),
    "invalid-escape": (
        _config(f'"DATA_API_KEY": "{SECRET_KEY}\\q", {FINE}'),
        "DC106",
        'invalid escape "\\q" in "****ET\\q"',
        SECRET_KEY,
    ),
    "windows-path-escape": (
        _config(f'"DATA_API_KEY": "C:\\t{SECRET_KEY}.json", {FINE}'),
        "DC107",
        '"****json" is valid JSON but not this path',
        SECRET_KEY,
    ),
    "unquoted": (_config(f'"DATA_API_KEY": {WORD_KEY}, {FINE}'), "DC108", "unquoted text ****CRET:", WORD_KEY),
    "not-a-number": (_config(f'"DATA_API_KEY": 0x{PIECE}, {FINE}'), "DC108", "is not a JSON number", f"0x{PIECE}"),
    "after-the-value": (  # an environment file's line pasted after the JSON: its first 20 characters are quoted
        f'{{"mcpServers": {{}}}}\napikey={PIECE}-SECRET\n',
        "DC105",
        "'apikey=****' follows",
        PIECE,
    ),
    "another-servers-key": (
        _config(
            f'"DATA_API_KEY": "<your API key>", {FINE}',
            other=f'"notes": {{"command": "/usr/bin/notes", "env": {{"NOTES_API_KEY": \'{SECRET_KEY}\'}}}}',
        ),
        "DC103",
        "single-quoted string '****CRET'",
        SECRET_KEY,
    ),
    "a-number": (
        _config(f'"DATA_API_KEY": {NUMBER_KEY}, {FINE}'),
        "DC209",
        "env value of DATA_API_KEY is a JSON number",
        NUMBER_KEY,
    ),
    "in-a-placeholder": (
        _config(f'"DATA_API_KEY": "<{SECRET_KEY}>", {FINE}'),
        "DC302",
        "DATA_API_KEY is a placeholder (****RET>)",
        SECRET_KEY,
    ),
    "in-a-url": (
        _config(f'"DATA_API_KEY": "x", "DATA_BASE_URL": "ftp://127.0.0.1/?apikey={SECRET_KEY}"'),
        "DC210",
        "ftp://127.0.0.1/?apikey=***",  # masked by the settings check that reports it
        SECRET_KEY,
    ),
    "in-the-args": (
        _config(f'"DATA_API_KEY": "x", {FINE}', args=f'["-m", "data_pkg.mcp", "--apikey={SECRET_KEY}"]'),
        "DC208",
        '"--apikey=****CRET"',
        SECRET_KEY,
    ),
    "pasted-as-the-command": (  # the key in its field and, by mistake, as the command too (its name lowercased once)
        _config(f'"DATA_API_KEY": "{SECRET_KEY}", {FINE}', args="[]").replace(PYTHON, json.dumps(SECRET_KEY)),
        "DC208",
        'command "****CRET" with args [] does not start data-mcp',
        SECRET_KEY.lower(),
    ),
}


def _assert_no_key(output: str, secret: str) -> None:
    assert secret not in output
    assert PIECE not in output and NUMBER_KEY not in output


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_names_the_problem_and_masks_the_key(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, code, said, secret = CASES[case]
    config = write_config(tmp_path, text)
    result = run("subprocess", ["config", "validate", str(config)], base_env(tmp_path), monkeypatch, capsys)
    assert result.code == 1, result.output
    assert f"error {code}: " in result.stdout and said in result.stdout, result.output
    _assert_no_key(result.output, secret)
    as_json = run("subprocess", ["config", "validate", str(config), "--json"], base_env(tmp_path), monkeypatch, capsys)
    assert code in [f["code"] for f in json.loads(as_json.stdout)["findings"]]
    _assert_no_key(as_json.output, secret)
    # The library says the same: every finding, and the refusals install would print.
    findings = validate_config(text).findings + read_strict(text).findings
    _assert_no_key(json.dumps([f.as_dict() for f in findings]), secret)


@pytest.mark.parametrize("case", sorted(CASES))
def test_install_masks_the_key_in_what_it_reports(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _, _, secret = CASES[case]
    config = write_config(tmp_path, text)
    # The new entry is not clean either: its base URL carries the key, so install reports it too.
    env = base_env(tmp_path, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=f"ftp://127.0.0.1/?apikey={SECRET_KEY}")
    result = run("subprocess", ["config", "install", "--name", "extra"], env, monkeypatch, capsys)
    assert result.code in (1, 2), result.output  # 1: written with findings; 2: the file was refused
    assert "DC" in result.output  # the refusal's findings, or what validate says about the new entry
    _assert_no_key(result.output, secret)
    if result.code == 1:
        assert json.loads(config.read_text())["mcpServers"]["extra"]["env"]["DATA_API_KEY"] == SECRET_KEY


@pytest.mark.slow
@pytest.mark.e2e
@pytest.mark.parametrize("case", sorted(CASES))
def test_doctor_masks_the_key_in_every_check(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text, code, said, secret = CASES[case]
    write_config(tmp_path, text)
    env = base_env(tmp_path, DATA_ASSISTANT=ASSISTANT, DATA_API_KEY=SECRET_KEY, DATA_BASE_URL=closed_port_url())
    check = {"1": "config-json", "2": "config-entry", "3": "api-key-set"}[code[2]]
    text_run = run("subprocess", ["doctor", "--timeout", "30"], env, monkeypatch, capsys)
    assert text_run.code == 1, text_run.output
    assert f"[FAIL] {check}: " in text_run.stdout and said in text_run.stdout, text_run.output
    _assert_no_key(text_run.output, secret)
    json_run = run("subprocess", ["doctor", "--timeout", "30", "--json"], env, monkeypatch, capsys)
    checks = {c["name"]: c for c in json.loads(json_run.stdout)["checks"]}
    assert checks[check]["status"] == "fail"
    _assert_no_key(json_run.output, secret)


@pytest.mark.parametrize(
    ("name", "secret"),
    [
        ("DATA_API_KEY", True),
        ("NOTES_API_KEY", True),
        ("apikey", True),
        ("apiKey", True),
        ("x-api-key", True),
        ("API_KEY", True),
        ("DATA_API_KEY_FILE", False),
        ("myapikey", False),
        ("DATA_BASE_URL", False),
    ],
)
def test_which_fields_hold_a_key(name: str, secret: bool) -> None:
    assert is_secret_name(name) is secret
    text = f'{{"{name}": "{SECRET_KEY}"}}'
    assert (Redactor.scan(text).spans != ()) is secret


def test_an_excerpt_masks_whole_values_by_their_last_four_and_parts_as_stars() -> None:
    text = f'{{"apikey": "{SECRET_KEY}", "other": "visible"}}'
    redactor = Redactor.scan(text)
    start = text.index(SECRET_KEY)
    assert redactor.excerpt(text, 0, len(text)) == '{"apikey": "****CRET", "other": "visible"}'
    assert redactor.excerpt(text, start + 3, start + 12) == "****"
    assert redactor.excerpt(text, 0, start + 2) == '{"apikey": "****'
    assert redactor.scrub(f"the value {SECRET_KEY} is wrong") == "the value ****CRET is wrong"
