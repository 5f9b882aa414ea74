"""Extends a base outside this repository; it does not exist either."""

EXTENDS = ["../../../../elsewhere/desk_base.yaml"]
