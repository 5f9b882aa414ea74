"""The server instructions: written from the tool set, within the 2,048 characters some hosts keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from data_pkg.answers.instructions import MAX_INSTRUCTIONS, fitted
from data_pkg.catalog import ENDPOINTS
from data_pkg.mcp.server import create_app
from data_pkg.toolsets import available_profiles, resolve

SEGMENTS = {"DATA_PROVIDER_SEGMENT": "acme", "DATA_RATINGS_ADDON_SEGMENT": "acme"}


def instructions_of(**env: str) -> str:
    server = create_app({"DATA_API_KEY": "demo", "DATA_BASE_URL": "http://127.0.0.1:9", **SEGMENTS, **env})
    assert server.instructions is not None
    return server.instructions


@pytest.mark.parametrize("profile", sorted(available_profiles()))
def test_every_profile_says_what_it_is_for_within_the_limit(profile: str) -> None:
    text = instructions_of(DATA_MCP_PROFILE=profile)
    registry = resolve(profile, env=SEGMENTS).raise_for_errors()
    assert len(text) <= MAX_INSTRUCTIONS
    assert registry.description is not None
    assert text.startswith(" ".join(registry.description.split()[:6]))  # what the set is for, first
    assert f"{len(registry)} market-data tools" in text
    assert "at most 8,000 tokens each" in text and "ends with a note" in text  # how budgets and notes work
    assert "[bad_arguments]" in text


def test_the_default_set_says_what_it_is() -> None:
    text = instructions_of()
    assert text.startswith("The default set of market-data tools") and len(text) <= MAX_INSTRUCTIONS


def test_a_large_manifest_is_cut_to_the_limit_at_a_sentence(tmp_path: Path) -> None:
    sentence = "This desk covers every market the team trades, with notes on each dataset's caveats. "
    served = [e for e in ENDPOINTS if e.is_tool_candidate and e.status == "live"][:40]
    overrides = "\n".join(f"  {e.spec}: {{max_answer_tokens: {600 + i}}}" for i, e in enumerate(served))
    manifest = tmp_path / "huge.yaml"
    manifest.write_text(
        f"description: {sentence * 200}\nextends: [full]\nanalysis: true\nanswer_format: json\n"
        f"overrides:\n{overrides}\n"
    )
    text = instructions_of(DATA_MCP_MANIFEST=str(manifest))
    assert len(text) <= MAX_INSTRUCTIONS
    purpose, *rest = text.split("\n\n")
    assert purpose.startswith(sentence.strip()) and purpose.endswith("caveats. …")
    assert "and query: read-only SQL" in rest[0]
    assert "Answers are compact JSON, at most 600 to 8,000 (by tool) tokens each" in rest[1]


def test_a_manifest_that_does_not_load_points_at_the_setup_tool(tmp_path: Path) -> None:
    manifest = tmp_path / "broken.yaml"
    manifest.write_text("tools: [no_such_tool]\n")
    text = instructions_of(DATA_MCP_MANIFEST=str(manifest))
    assert "call setup_problem" in text and len(text) <= MAX_INSTRUCTIONS


def test_a_purpose_too_long_for_any_room_is_left_out_and_text_without_sentences_is_cut_at_a_word() -> None:
    body = "x" * (MAX_INSTRUCTIONS - 5)
    assert fitted("A purpose.", [body]) == body
    cut = fitted("word " * 1000, ["Tools."])
    assert len(cut) <= MAX_INSTRUCTIONS and cut.split("\n\n")[0].endswith("word …")
    with pytest.raises(ValueError, match="over 2,048"):
        fitted(None, ["x" * (MAX_INSTRUCTIONS + 1)])
