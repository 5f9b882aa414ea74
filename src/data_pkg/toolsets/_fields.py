"""The field names of a tool's answer, for checking ``fields`` and ``exclude_fields`` in overrides.

Names are the wire names agents see in answers (``changePercent``), taken from the response
model the catalog names. Importing the model costs pydantic, so this runs only for manifests
that choose fields.
"""

from __future__ import annotations

import importlib
from functools import cache

from data_pkg.catalog import Endpoint


@cache
def model_fields(model: str) -> tuple[str, ...]:
    """The wire names of the fields of response model ``model``, in declaration order."""
    if model == "str":
        return ()
    from data_pkg.models._index import MODEL_MODULES

    cls = getattr(importlib.import_module(f"data_pkg.models.{MODEL_MODULES[model]}"), model)
    return tuple(info.alias or name for name, info in cls.model_fields.items())


def answer_fields(endpoint: Endpoint) -> tuple[str, ...]:
    """The field names each row of ``endpoint``'s answer may have (empty when rows are plain values)."""
    return model_fields(endpoint.model) if endpoint.model else ()
