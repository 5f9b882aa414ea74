"""The base every response model shares, and the few nested shapes several use."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ResponseModel(BaseModel):
    """A row of an upstream answer.

    Fields are snake_case in Python and camelCase on the wire. Unknown fields
    are kept (``extra="allow"``) because the upstream adds fields without notice;
    a new field must never break a caller.
    """

    model_config = ConfigDict(extra="allow", populate_by_name=True, protected_namespaces=())


class ValueRange(ResponseModel):
    """A disclosed amount given as a range, as government filings report it."""

    min: float | None = None
    max: float | None = None


class ETFSectorExposure(ResponseModel):
    """One sector's weight in a fund."""

    industry: str | None = None
    exposure: float | None = None
