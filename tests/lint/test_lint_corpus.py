"""Every lint-only rule fires on its corpus file, in Python, YAML and JSON, with its code at the exact line and column.

Each file under ``lint_corpus/`` is listed with every finding it must produce, in order: ``"CODE line:col"``.
The resolver's own rules (DM1xx–DM4xx) are proven on ``tests/toolsets/broken``; here they appear only where a
lint-only rule meets one (an absolute path that also does not exist). Lint runs with an empty environment.
"""

from __future__ import annotations

import os
import random
import string
from pathlib import Path

import pytest

from data_pkg.catalog import ENDPOINTS
from data_pkg.lint import LINT_RULES, all_rules, lint_paths
from data_pkg.lint._secrets import find_secrets, looks_like_key
from data_pkg.toolsets import RULES

CORPUS = Path(__file__).parent / "lint_corpus"
ROOT = Path(__file__).resolve().parents[2]

EXPECTED: dict[str, list[str]] = {
    "base/desk_base.yaml": [],
    "clean.yaml": [],
    "dm501_inherited.json": ["DM501 1:14"],  # the style comes through extends: blamed there
    "dm501_rename.yaml": ["DM501 2:13", "DM501 5:11"],  # the style's names, then the rename
    "dm501_spec_style.json": ["DM501 3:17"],
    "dm501_spec_style.py": ["DM501 4:14"],
    "dm501_spec_style.yaml": ["DM501 2:13"],
    "dm502_dropped.json": ["DM502 3:15"],
    "dm502_dropped.py": ["DM502 4:12"],
    "dm502_dropped.yaml": ["DM502 2:11"],
    "dm502_inherited.yaml": ["DM502 2:11"],  # the filter is in the extended file: blamed at extends
    "dm503_placeholders.yaml": [],
    "dm503_secret.json": ["DM503 2:73"],
    "dm503_secret.py": ["DM503 3:27", "DM503 7:90"],
    "dm503_secret.yaml": ["DM503 2:69", "DM503 4:16"],
    "dm504_absolute.yaml": ["DM302 1:11", "DM504 1:11"],
    "dm504_backslash.yaml": ["DM304 1:11"],  # POSIX: the resolver refuses it, and that error says it all
    "dm504_drive.py": ["DM302 3:12", "DM504 3:12"],
    "dm504_home.json": ["DM302 1:14", "DM504 1:14"],
    # ../ that stays inside this repository: quiet; the dm505_leaves_repo files climb out of it
    "dm505_climbs.json": [],
    "dm505_climbs.py": [],
    "dm505_climbs.yaml": [],
    "dm505_leaves_repo.json": ["DM302 1:14", "DM505 1:14"],  # out of the repository (and not there either)
    "dm505_leaves_repo.py": ["DM302 3:12", "DM505 3:12"],
    "dm505_leaves_repo.yaml": ["DM302 2:11", "DM505 2:11"],
    "dm506_named_above_tier.json": ["DM506 3:15", "DM502 4:15"],  # the pattern's other drops are a note
    "dm506_named_above_tier.py": ["DM506 4:10", "DM502 5:12"],  # the profile's other drop is a note
    "dm506_named_above_tier.yaml": ["DM506 3:5"],
    "dm507_over_budget.json": ["DM507 3:17"],
    "dm507_over_budget.py": ["DM507 4:14"],
    "dm507_over_budget.yaml": ["DM507 3:13"],
    "dm508_long_description.json": ["DM508 4:38"],  # where the override's description starts
    "dm508_long_description.py": ["DM508 7:13"],
    "dm508_long_description.yaml": ["DM508 4:18"],
    "dm509_long_instructions.json": ["DM509 2:18"],  # where the manifest's description starts
    "dm509_long_instructions.py": ["DM509 1:1"],
    "dm509_long_instructions.yaml": ["DM509 1:14"],
    "dm510_too_many_tools.json": ["DM510 2:15"],  # where the manifest starts choosing tools
    "dm510_too_many_tools.py": ["DM510 3:12"],
    "dm510_too_many_tools.yaml": ["DM510 2:11"],
}

POSIX_ONLY = {"dm504_backslash.yaml"}


def _found(name: str) -> list[str]:
    report = lint_paths([CORPUS / name], env={})
    found = []
    for f in report.findings:
        assert f.file is not None and Path(f.file).resolve() == (CORPUS / name).resolve(), str(f)
        found.append(f"{f.code} {f.line}:{f.col}")
    return found


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_file_reports_exactly_the_expected_codes_and_positions(name: str) -> None:
    if name in POSIX_ONLY and os.sep != "/":
        pytest.skip("backslashes are path separators on Windows")
    assert _found(name) == EXPECTED[name]


def test_every_file_in_the_corpus_has_expectations() -> None:
    on_disk = {
        p.relative_to(CORPUS).as_posix()
        for p in CORPUS.rglob("*")
        if p.is_file()
        and p.name != "ruff.toml"
        and not any(part.startswith((".", "__")) for part in p.relative_to(CORPUS).parts)
    }
    assert on_disk == set(EXPECTED)


def test_every_lint_rule_is_proven_in_python_yaml_and_json() -> None:
    for code in LINT_RULES:
        suffixes = {
            Path(name).suffix for name, entries in EXPECTED.items() for entry in entries if entry.startswith(code)
        }
        assert suffixes >= {".py", ".yaml", ".json"}, code


def test_a_backslash_extends_path_is_a_warning_where_the_server_accepts_it(tmp_path: Path) -> None:
    if os.sep == "/":
        pytest.skip("on POSIX the resolver refuses backslashes (DM304)")
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "b.yaml").write_text("tools: [company.quote]\n")
    (tmp_path / "desk.yaml").write_text("extends: ['base\\b.yaml']\n")
    assert [f.code for f in lint_paths([tmp_path / "desk.yaml"], env={}).findings] == ["DM504"]


# -- the examples behind docs/lint-rules.md: each rule's own, from its declaration -------------


def test_every_active_code_declares_an_example() -> None:
    assert set(all_rules()) == set(RULES) | set(LINT_RULES)
    lacking = [code for code, rule in all_rules().items() if rule.status == "active" and rule.example is None]
    assert lacking == []


@pytest.mark.parametrize("code", sorted(code for code, rule in all_rules().items() if rule.example is not None))
def test_bad_example_reports_exactly_its_code_and_fixed_example_nothing(code: str, tmp_path: Path) -> None:
    if code == "DM304" and os.sep != "/":
        pytest.skip("backslashes are path separators on Windows")
    example = all_rules()[code].example
    assert example is not None
    bad = example.bad.write(tmp_path / "bad" / "manifests")
    fixed = example.fixed.write(tmp_path / "fixed" / "manifests")
    assert [f.code for f in lint_paths([bad], env={}).findings] == [code]
    assert [str(f) for f in lint_paths([fixed], env={}).findings] == []


def test_findings_carry_the_severity_their_rule_declares() -> None:
    report = lint_paths([CORPUS], env={})
    assert report.findings
    for f in report.findings:
        assert f.severity == all_rules()[f.code].severity, str(f)


# -- the secret detector -------------------------------------------------------------------------

ALPHABETS = {
    "hex": "0123456789abcdef",
    "lower+digits": string.ascii_lowercase + string.digits,
    "upper+digits": string.ascii_uppercase + string.digits,
    "mixed": string.ascii_letters + string.digits,
}


@pytest.mark.parametrize("alphabet", sorted(ALPHABETS))
@pytest.mark.parametrize("length", [32, 40])
def test_random_keys_of_the_usual_alphabets_are_found(alphabet: str, length: int) -> None:
    rng = random.Random(f"{alphabet}-{length}")
    keys = ["".join(rng.choice(ALPHABETS[alphabet]) for _ in range(length)) for _ in range(300)]
    found = sum(looks_like_key(key) for key in keys)
    assert found / len(keys) >= 0.95


def test_words_identifiers_and_short_tokens_are_not_keys() -> None:
    for text in (
        "3MonthOr90DayRatesAndYieldsCertificatesOfDeposit",
        "performance1yearRelativeToSP500Percentage",
        "ThisIsAVeryLongIdentifierFrom2024",
        "commitmentoftradersanalysisbydates",
        "a1b2c3d4e5f6a7b8c9d0",  # 20 characters: too short to judge
    ):
        assert not looks_like_key(text), text


def test_nothing_in_the_catalog_the_profiles_the_examples_or_the_docs_looks_like_a_secret() -> None:
    texts = []
    for e in ENDPOINTS:
        texts += [e.key, e.spec, e.description, e.path, *(p.name for p in e.params), *(p.description for p in e.params)]
    files = [*ROOT.joinpath("profiles").iterdir(), *ROOT.joinpath("manifests").iterdir()]
    shows_dm503 = ("lint-rules.md", "teams.md")  # they show secrets, and how to silence the finding
    files += [p for p in ROOT.joinpath("docs").glob("*.md") if p.name not in shows_dm503]
    texts += [p.read_text(encoding="utf-8") for p in files if p.is_file()]
    flagged = [text[:60] for text in texts if list(find_secrets(text))]
    assert flagged == []


@pytest.mark.parametrize(
    ("url", "flagged"),
    [
        ("https://api.example.com/v3/quote?apikey=abc123", True),
        ("https://api.example.com/v3/quote?symbol=AAPL&API_KEY=abc123", True),
        ("http://api.example.com/x?access-token=abc123#top", True),
        ("https://api.example.com/v3/quote?apikey=", False),
        ("https://api.example.com/v3/quote?apikey=YOUR_KEY", False),
        ("https://api.example.com/v3/quote?apikey=${DATA_API_KEY}", False),
        ("https://api.example.com/v3/quote?apikey={key}", False),
        ("https://api.example.com/v3/quote?apikey=<key>", False),
        ("https://api.example.com/v3/quote?apikey=***", False),
        ("http://127.0.0.1:8765/v3/quote?apikey=demo", False),
        ("https://api.example.com/v3/quote?symbol=AAPL&limit=5", False),
    ],
)
def test_a_url_passing_a_key_is_a_secret_unless_the_value_is_a_placeholder(url: str, flagged: bool) -> None:
    assert bool(list(find_secrets(f"description: see {url} for details\n"))) is flagged


@pytest.mark.parametrize("value", ["${input:data-api-key}", "${env:DATA_API_KEY}"])
def test_an_editors_variable_is_where_a_key_comes_from_not_a_key(value: str) -> None:
    # docs/desktop.md shows "DATA_API_KEY": "${input:data-api-key}" (an editor prompts for the key); it was DM503.
    assert list(find_secrets(f'"env": {{"DATA_API_KEY": "{value}"}}\n')) == []
    assert list(find_secrets('"env": {"DATA_API_KEY": "sk_live_4f9a8b7c6d5e"}\n'))


def test_a_secret_is_reported_at_its_value_and_never_repeated(tmp_path: Path) -> None:
    key = "Zq81Kx0Wm3Lr7Nt5Pv2Bb9Yc"
    path = tmp_path / "desk.yaml"
    path.write_text(f"# https://api.example.com/q?symbol=A&apikey={key}\ntools: [company.quote]\n")
    (finding,) = lint_paths([path], env={}).findings
    assert (finding.code, finding.line, finding.col) == (
        "DM503",
        1,
        len("# https://api.example.com/q?symbol=A&apikey=") + 1,
    )
    assert key not in str(finding)


def test_columns_count_characters_not_bytes(tmp_path: Path) -> None:
    path = tmp_path / "desk.yaml"
    path.write_text("description: Ünïcödé a91f3c7e2d8b4f60e5a7c9d1b3f2e84a\ntools: [company.quote]\n", encoding="utf-8")
    (finding,) = lint_paths([path], env={}).findings
    assert (finding.code, finding.line, finding.col) == ("DM503", 1, 22)
