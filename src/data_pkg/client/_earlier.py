"""Arguments written for the earlier client, made into ours before they are checked.

The catalog says, per endpoint, what that client accepted that ours names differently: earlier argument
names (``start_date`` for ``from_date``), other spellings of values (``"daily"`` for ``"1day"``), values
it sent for required arguments left out (a 20-bar window), and a recent window for required date ranges.
Doing it here, before :func:`~data_pkg.client._args.encode` checks anything, keeps one rule for every
way in: typed methods, ``client.call`` and the servers.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from data_pkg.catalog import Endpoint
from data_pkg.errors import InvalidRequestError


def our_arguments(endpoint: Endpoint, args: Mapping[str, object], *, today: dt.date | None = None) -> dict[str, object]:
    """``args`` with earlier names, spellings and omissions resolved; unknown names are left for the checks."""
    resolved = dict(args)
    for param in endpoint.params:
        for alias in param.aliases:
            if alias not in resolved:
                continue
            value = resolved.pop(alias)
            if value is None:
                continue
            if resolved.get(param.name) is not None:
                raise InvalidRequestError(
                    f"{endpoint.spec}: give {param.name} or its earlier name {alias}, not both",
                    param=param.name,
                    endpoint=endpoint.spec,
                )
            resolved[param.name] = value
        value = resolved.get(param.name)
        if isinstance(value, str) and param.synonyms:
            resolved[param.name] = dict(param.synonyms).get(value, value)
        if value is None and param.required and param.client_default is not None:
            resolved[param.name] = param.client_default
    if endpoint.recent_days is not None:
        _fill_recent_window(resolved, endpoint.recent_days, today or dt.date.today())
    return resolved


def _fill_recent_window(args: dict[str, object], days: int, today: dt.date) -> None:
    """Missing ends of a required range: up to today, starting ``days`` before its end."""
    if args.get("to_date") is None:
        args["to_date"] = today
    if args.get("from_date") is None:
        # A malformed end is reported by the checks; the start is then counted back from today.
        end = _as_date(args["to_date"]) or today
        args["from_date"] = end - dt.timedelta(days=days)


def _as_date(value: object) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            return None
    return None
