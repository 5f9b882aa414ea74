"""Climbs out of its folder and back in."""

EXTENDS = ["../lint_corpus/base/desk_base.yaml"]
