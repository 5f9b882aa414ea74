"""Routes derived from the catalog: which path serves what, and how to match a raw request path.

Matching works on the raw (still percent-encoded) path so that a segment
value can never smuggle a ``/`` in: ``..%2F..%2Fx`` stays one segment, is
decoded, and then fails the parameter's own validation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import unquote

from data_pkg.catalog import ENDPOINTS, Endpoint, Param, tier_rank

__all__ = ["BadPathValueError", "Route", "Router"]

RouteKind = Literal["data", "withdrawn", "addon"]

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_SEGMENT_VALUE = "[a-z0-9-]+"
"""What a configurable segment (``{provider}``, ``{ratings_addon}``) may hold."""
_SAFE_VALUE = re.compile(r"(?!\.\.?\Z)[A-Za-z0-9_.-]+")
"""What any decoded path parameter may hold: one plain segment, never ``.`` or ``..``."""


class BadPathValueError(ValueError):
    """A path parameter holds a value its endpoint does not allow."""

    def __init__(self, param: str, value: str, allowed: Iterable[object]) -> None:
        choices = ", ".join(str(a) for a in allowed)
        super().__init__(f"Invalid value {value!r} for '{param}'. Allowed values: {choices}.")
        self.param = param


@dataclass(frozen=True, slots=True, eq=False)
class Route:
    """One served path and what it needs; built once when the app starts.

    Compared and hashed by identity (``eq=False``): each route exists once.
    """

    template: str
    kind: RouteKind
    endpoints: tuple[Endpoint, ...]
    """Live, non-hosted-only entries serving this path, catalog order (empty unless ``kind == "data"``)."""
    tier: str = "basic"
    tier_rank: int = 0
    query: Mapping[str, Param] = field(default_factory=dict)
    """Query parameters by wire name."""
    path_params: Mapping[str, Param] = field(default_factory=dict)
    required: tuple[str, ...] = ()
    """Wire names every entry on this path requires."""
    statements: bool = False
    format: str = "json"
    single: bool = False
    models: tuple[str, ...] = ()
    """Distinct response model names, catalog order; ``("str",)`` for lists of strings."""


def _data_route(template: str, entries: list[Endpoint]) -> Route:
    query: dict[str, Param] = {}
    path_params: dict[str, Param] = {}
    for endpoint in entries:
        for param in endpoint.params:
            target = path_params if param.location == "path" else query
            target.setdefault(param.wire, param)
    required = [
        wire
        for wire in {**path_params, **query}
        if all(any(p.wire == wire and p.required for p in e.params) for e in entries)
    ]
    # A path is as cheap as its cheapest entry: a caller allowed any of them may call it.
    tier = min((e.tier for e in entries), key=tier_rank)
    models = tuple(dict.fromkeys(e.model for e in entries if e.model))
    return Route(
        template=template,
        kind="data",
        endpoints=tuple(entries),
        tier=tier,
        tier_rank=tier_rank(tier),
        query=query,
        path_params=path_params,
        required=tuple(required),
        statements=any("statements" in e.tags for e in entries),
        format=entries[0].format,
        single=all(e.single for e in entries),
        models=models,
    )


def build_routes(endpoints: Iterable[Endpoint] = ENDPOINTS) -> dict[str, Route]:
    """One route per distinct catalog path."""
    by_path: dict[str, list[Endpoint]] = {}
    for endpoint in endpoints:
        by_path.setdefault(endpoint.path, []).append(endpoint)
    routes: dict[str, Route] = {}
    for template, entries in by_path.items():
        served = [e for e in entries if e.status == "live" and not e.hosted_only]
        if served:
            routes[template] = _data_route(template, served)
        elif any(e.status == "live" for e in entries):
            routes[template] = Route(template=template, kind="addon", endpoints=())
        else:
            routes[template] = Route(template=template, kind="withdrawn", endpoints=())
    return routes


def _pattern(route: Route) -> re.Pattern[str]:
    parts: list[str] = []
    last = 0
    for m in _PLACEHOLDER.finditer(route.template):
        parts.append(re.escape(route.template[last : m.start()]))
        name = m.group(1)
        # Path parameters take any one raw segment (validated after decoding);
        # configurable segments take the restricted alphabet directly.
        parts.append(f"(?P<{name}>[^/]+)" if name in route.path_params else f"(?P<{name}>{_SEGMENT_VALUE})")
        last = m.end()
    parts.append(re.escape(route.template[last:]))
    return re.compile("".join(parts) + r"\Z")


class Router:
    """Finds the route for a raw request path: a dict lookup, then the few templated paths."""

    def __init__(self, routes: Mapping[str, Route]) -> None:
        self.routes = dict(routes)
        self._exact = {t: r for t, r in routes.items() if "{" not in t}
        self._templated = [(_pattern(r), r) for t, r in routes.items() if "{" in t]

    def match(self, raw_path: str) -> tuple[Route, dict[str, str]] | None:
        """The route and its decoded path values; None when nothing matches.

        Raises BadPathValueError when a path parameter's value is not allowed.
        """
        route = self._exact.get(raw_path)
        if route is not None:
            return route, {}
        for pattern, route in self._templated:
            m = pattern.match(raw_path)
            if m is None:
                continue
            values: dict[str, str] = {}
            for name, raw in m.groupdict().items():
                value = unquote(raw)
                param = route.path_params.get(name)
                if param is not None and param.enum and value not in param.enum:
                    raise BadPathValueError(param.wire, value, param.enum)
                if param is not None and not _SAFE_VALUE.fullmatch(value):
                    raise BadPathValueError(param.wire, value, ["letters, digits, '.', '_' and '-' (not '.' or '..')"])
                values[name] = value
            return route, values
        return None
