"""Field plans: how to fill each field of a response model with a plausible value.

A plan is built once per route from the pydantic model classes (name, type,
alias) and then run per row: a tuple of ``(wire name, generator, kind)``
triples, each generator a small closure over a :class:`RowContext`. Name rules give
plausible values (prices consistent with the day's range, volumes as ints,
ISO dates inside the requested range ...); types decide what validates.

When several models share one path (``/stable/quote`` serves equity, crypto,
forex and commodity quotes) the plan covers every field of every model, and
for a field two models type differently it picks a value both accept, so
each of those models validates the same answer.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import types
import typing
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Union

from pydantic import BaseModel

from data_pkg.sandbox import _vocab as v

__all__ = ["FieldPlan", "RowContext", "plan_for"]

_DAY = 86_400
_EPOCH = dt.date(1970, 1, 1).toordinal()


@dataclass(slots=True)
class RowContext:
    """What every field of one row is derived from."""

    rng: random.Random
    symbol: str
    day: dt.date
    minute: int | None
    """Minute of the day for an intraday bar, else None."""
    start: dt.date
    end: dt.date
    explicit_range: bool
    """Whether the request gave the range (so every date must fall inside it)."""
    price: float
    open: float
    high: float
    low: float
    prev_close: float
    year_high: float
    year_low: float
    shares: float
    year: int
    quarter: int
    period: str

    def any_day(self) -> dt.date:
        """A day inside the requested range."""
        span = (self.end - self.start).days
        return self.start + dt.timedelta(days=self.rng.randint(0, span)) if span > 0 else self.start

    def clock(self) -> str:
        """A time of day for a datetime field: the bar's time, or a random business hour."""
        minute = self.minute if self.minute is not None else self.rng.randint(6 * 60, 20 * 60)
        return f"{minute // 60:02d}:{minute % 60:02d}:00"


Gen = Callable[[RowContext], Any]
FieldPlan = tuple[tuple[str, Gen, str], ...]
"""``(wire name, generator, value kind)`` triples, in the model's field order.

The kind (``float``, ``int``, ``str``, ``date``, ``datetime``, ``epoch``,
``bool``, or a container kind) says what JSON value the generator returns.
"""

# ---------------------------------------------------------------------------
# Types: what kind of JSON value validates against a field's annotation.

_SCALAR_ACCEPTS: dict[object, frozenset[str]] = {
    float: frozenset({"float", "int", "epoch"}),
    int: frozenset({"int", "epoch"}),
    # Our dates and datetimes travel as strings, so a str field accepts them too.
    str: frozenset({"str", "date", "datetime"}),
    bool: frozenset({"bool"}),
    dt.date: frozenset({"date"}),
    dt.datetime: frozenset({"datetime", "date", "epoch"}),
}
_NATURAL = {float: "float", int: "int", str: "str", bool: "bool", dt.date: "date", dt.datetime: "datetime"}


@dataclass(frozen=True, slots=True)
class _Shape:
    """The kinds of value a field accepts, and which one it would naturally hold."""

    accepts: frozenset[str]
    natural: str
    nested: Any = None
    """The model class (``model``/``models``) or value type (``map``) inside a container kind."""


def _strip_optional(annotation: Any) -> tuple[Any, ...]:
    origin = typing.get_origin(annotation)
    if origin is Union or origin is types.UnionType:
        return tuple(a for a in typing.get_args(annotation) if a is not type(None))
    return (annotation,)


def _shape(annotation: Any) -> _Shape:
    members = _strip_optional(annotation)
    if len(members) > 1:
        parts = [_shape(m) for m in members]
        return _Shape(frozenset().union(*(p.accepts for p in parts)), parts[0].natural)
    (tp,) = members
    if tp in _SCALAR_ACCEPTS:
        return _Shape(_SCALAR_ACCEPTS[tp], _NATURAL[tp])
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _Shape(frozenset({f"model:{tp.__name__}"}), f"model:{tp.__name__}", tp)
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is list and args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
        return _Shape(frozenset({f"models:{args[0].__name__}"}), f"models:{args[0].__name__}", args[0])
    if origin is list:
        kind = "nums" if args and args[0] in (int, float) else "strs"
        return _Shape(frozenset({kind}), kind)
    if origin is dict:
        value = args[1] if len(args) == 2 else Any
        kind = "map:" + ("float" if value is float else "rows" if typing.get_origin(value) is list else "any")
        return _Shape(frozenset({kind}), kind, value)
    # ``Any`` and anything unforeseen: a string is valid for Any.
    return _Shape(frozenset({"str"}), "str")


# ---------------------------------------------------------------------------
# Small helpers the generators share.


def stable_hash(text: str) -> int:
    """A 32-bit hash that is the same in every process (unlike ``hash()``)."""
    return zlib.crc32(text.encode())


def company_name(symbol: str) -> str:
    """The invented company name a symbol always maps to."""
    h = stable_hash(symbol)
    return f"{v.NAME_STEMS[h % len(v.NAME_STEMS)]} {v.NAME_ENDINGS[(h >> 8) % len(v.NAME_ENDINGS)]}"


def _person(c: RowContext) -> str:
    return f"{c.rng.choice(v.FIRST_NAMES)} {c.rng.choice(v.LAST_NAMES)}"


def _digits(c: RowContext, n: int) -> str:
    return str(c.rng.randrange(10**n)).zfill(n)


def _symbol_digits(symbol: str, n: int) -> str:
    return str(stable_hash(symbol) % 10**n).zfill(n)


def _uniform(lo: float, hi: float, digits: int = 2) -> Gen:
    return lambda c: round(c.rng.uniform(lo, hi), digits)


def _integer(lo: int, hi: int) -> Gen:
    return lambda c: c.rng.randint(lo, hi)


def _pick(options: Sequence[Any]) -> Gen:
    return lambda c: c.rng.choice(options)


def _near_price(lo: float, hi: float) -> Gen:
    return lambda c: round(c.price * c.rng.uniform(lo, hi), 2)


def _url(kind: str) -> Gen:
    return lambda c: f"https://example.com/{kind}/{c.symbol.lower()}/{c.rng.randrange(10**6)}"


# ---------------------------------------------------------------------------
# Name rules, by kind. Names are compared lower-cased without a ``TTM`` suffix.

_PRICE_FIELDS: dict[str, Gen] = {
    "price": lambda c: c.price,
    "close": lambda c: c.price,
    "adjclose": lambda c: c.price,
    "stockprice": lambda c: c.price,
    "stock price": lambda c: c.price,
    "lastsale": lambda c: c.price,
    "nav": lambda c: c.price,
    "quarterendprice": lambda c: c.price,
    "pricewhenposted": lambda c: c.price,
    "open": lambda c: c.open,
    "adjopen": lambda c: c.open,
    "high": lambda c: c.high,
    "dayhigh": lambda c: c.high,
    "adjhigh": lambda c: c.high,
    "low": lambda c: c.low,
    "daylow": lambda c: c.low,
    "adjlow": lambda c: c.low,
    "previousclose": lambda c: c.prev_close,
    "yearhigh": lambda c: c.year_high,
    "yearlow": lambda c: c.year_low,
    "vwap": lambda c: round((c.high + c.low + c.price) / 3, 2),
    "bid": lambda c: round(c.price * 0.9995, 2),
    "bidprice": lambda c: round(c.price * 0.9995, 2),
    "ask": lambda c: round(c.price * 1.0005, 2),
    "askprice": lambda c: round(c.price * 1.0005, 2),
    "change": lambda c: round(c.price - c.prev_close, 2),
    "changes": lambda c: round(c.price - c.prev_close, 2),
    "changepercentage": lambda c: round((c.price - c.prev_close) / c.prev_close * 100, 4),
    "changespercentage": lambda c: round((c.price - c.prev_close) / c.prev_close * 100, 4),
    "changepercent": lambda c: round((c.price - c.prev_close) / c.prev_close * 100, 4),
    "marketcap": lambda c: float(round(c.price * c.shares)),
    "mktcap": lambda c: float(round(c.price * c.shares)),
    "marketcapitalization": lambda c: float(round(c.price * c.shares)),
    "targethigh": lambda c: round(c.price * 1.3, 2),
    "targetlow": lambda c: round(c.price * 0.8, 2),
    "targetconsensus": lambda c: round(c.price * 1.08, 2),
    "targetmedian": lambda c: round(c.price * 1.07, 2),
    "rsi": _uniform(20, 80),
    "williams": _uniform(-100, 0),
    "adx": _uniform(10, 50),
    "standarddeviation": _uniform(0.5, 6),
    "beta": _uniform(0.5, 1.8),
    "freefloat": _uniform(50, 99),
    "dcfdiff": _uniform(-20, 20),
    # A disclosed range: both ends come from the row context, so min <= max always holds.
    "min": lambda c: float(round(c.year_low) * 1000),
    "max": lambda c: float(round(c.year_high) * 1000),
}
for _name in ("1d", "5d", "1m", "3m", "6m", "ytd", "1y", "3y", "5y", "10y"):
    _PRICE_FIELDS[_name] = _uniform(-25, 60, 4)
for _name in ("sma", "ema", "wma", "dema", "tema", "priceavg50", "priceavg200", "dcf", "levereddcf"):
    _PRICE_FIELDS[_name] = _near_price(0.92, 1.08)

# First matching rule wins, so specific words come before broad ones. A word
# matches a camelCase token that starts or ends with it ("ratio" matches
# "ebitdaratio" but not "operations"); a phrase with a space matches anywhere.
_FLOAT_RULES: tuple[tuple[tuple[str, ...], Gen], ...] = (
    (("volume", "vol"), lambda c: float(c.rng.randint(100_000, 50_000_000))),
    (("percent", "pct", "percentage"), _uniform(-5, 5, 4)),
    (("growth",), _uniform(-0.2, 0.35, 4)),
    (
        ("margin", "yield", "burden", "weighting", "profit ratio", "income ratio", "ebitda ratio"),
        _uniform(0.01, 0.45, 4),
    ),
    (("rate", "premium", "cost of equity", "cost of debt", "costof debt"), _uniform(0.01, 0.08, 4)),
    (("ratio", "turnover", "return", "quality", "coverage", "multiple", "ev to"), _uniform(0.1, 5, 4)),
    (("score", "sentiment"), _uniform(1, 9, 2)),
    (("days of", "cycle"), _uniform(10, 120, 2)),
    (("target", "price", "price paid", "per share", "dcf"), _near_price(0.8, 1.25)),
    (("shares", "shs", "float shares"), lambda c: float(round(c.shares * c.rng.uniform(0.95, 1.0)))),
    (("eps", "dividend", "div", "book value"), _uniform(0.1, 12, 2)),
    (("change", "performance"), _uniform(-10, 10, 4)),
    (("weight", "ownership", "exposure"), _uniform(0.1, 25, 4)),
    (
        (
            "revenue",
            "revenues",
            "income",
            "profit",
            "assets",
            "asset",
            "liabilities",
            "cash",
            "debt",
            "equity",
            "expenses",
            "expense",
            "capex",
            "capital",
            "investments",
            "inventory",
            "receivables",
            "payables",
            "ebit",
            "ebitda",
            "value",
            "amount",
            "total",
            "earnings",
            "compensation",
            "salary",
            "bonus",
            "award",
            "cost",
            "tax",
            "paid",
            "sales",
            "proceeds",
            "stock",
            "interest",
            "goodwill",
            "intangible",
            "depreciation",
            "fcf",
            "worth",
            "fees",
            "commissions",
            "invested",
        ),
        lambda c: float(round(c.price * c.shares * c.rng.uniform(0.002, 0.3))),
    ),
)

_INT_RULES: tuple[tuple[tuple[str, ...], Gen], ...] = (
    (("volume", "vol"), _integer(100_000, 50_000_000)),
    (("year born",), _integer(1950, 1985)),
    (("year of incorporation",), _integer(1950, 2015)),
    (("congress",), lambda c: 119),
    (("size", "quantity", "asize", "bsize"), _integer(1, 1000)),
    (("shares", "outstanding"), lambda c: int(c.shares)),
    (("pay", "compensation", "invested"), _integer(100_000, 30_000_000)),
    (("employee", "employees"), _integer(1_000, 200_000)),
    (("score", "rating"), _integer(1, 5)),
)

_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")


def _tokens(wire: str) -> tuple[str, ...]:
    return tuple(t.lower() for t in _CAMEL.findall(wire))


def _matches(words: tuple[str, ...], tokens: tuple[str, ...], name: str) -> bool:
    for w in words:
        if " " in w:
            if w.replace(" ", "") in name:
                return True
        elif any(t.startswith(w) or t.endswith(w) for t in tokens):
            return True
    return False


_DATETIME_NAMES = ("time", "updatedat", "updated", "acceptance")
_HISTORIC_DATES = ("birth", "ipo", "inception", "ico", "founded", "firstadded", "incorporat", "since")


def _float_gen(name: str, tokens: tuple[str, ...]) -> Gen:
    if name in _PRICE_FIELDS:
        return _PRICE_FIELDS[name]
    if "to" in tokens[1:]:
        return _uniform(0.05, 5, 4)  # "xToY" names are ratios: capexToRevenue, netDebtToEBITDA
    for words, gen in _FLOAT_RULES:
        if _matches(words, tokens, name):
            return gen
    return _uniform(1, 100)


def _int_gen(name: str, tokens: tuple[str, ...]) -> Gen:
    if name in ("year", "calendaryear", "fiscalyear"):
        return lambda c: c.year
    if name in ("quarter", "period"):
        return lambda c: c.quarter
    for words, gen in _INT_RULES:
        if _matches(words, tokens, name):
            return gen
    return _integer(0, 500)


def _bool_gen(name: str) -> Gen:
    if name in ("active", "isactive", "isactivelytrading", "hasfinancials"):
        return lambda c: True
    if name in ("isetf", "isfund", "isadr", "isamendment", "defaultimage"):
        return lambda c: False
    return lambda c: c.rng.random() < 0.5


def _day_gen(name: str) -> Callable[[RowContext], dt.date]:
    if name == "date":
        return lambda c: c.day
    if any(w in name for w in _HISTORIC_DATES):
        # Without an explicit range an IPO or birth date falls in the past, not last month.
        def historic(c: RowContext) -> dt.date:
            if c.explicit_range:
                return c.any_day()
            return dt.date.fromordinal(
                c.rng.randint(dt.date(1970, 1, 1).toordinal(), dt.date(2015, 12, 31).toordinal())
            )

        return historic
    return lambda c: c.any_day()


def _str_gen(name: str, model: str) -> Gen:
    person_model = any(w in model for w in ("Executive", "Senate", "House", "Insider"))
    if name == "symbol":
        return lambda c: c.symbol
    if "symbol" in name or "ticker" in name:
        return _pick(v.SYMBOLS)
    if name == "cik":
        return lambda c: _symbol_digits(c.symbol, 10)
    if name.endswith("cik"):
        return lambda c: _digits(c, 10)
    if "cusip" in name:
        return lambda c: _symbol_digits(c.symbol, 9)
    if name == "isin":
        return lambda c: "US" + _symbol_digits(c.symbol, 10)
    if name == "lei":
        return lambda c: _digits(c, 20)
    if "figi" in name:
        return lambda c: "BBG" + _digits(c, 9)
    if name == "time":
        return _pick(("bmo", "amc"))
    if name == "timezone":
        return lambda c: "America/New_York"
    if name == "openinghour":
        return lambda c: "09:30 AM -05:00"
    if name == "closinghour":
        return lambda c: "04:00 PM -05:00"
    if name in ("range", "fiftytwoweekrange", "pricerange"):
        return lambda c: f"{c.year_low:.2f}-{c.year_high:.2f}"
    if any(w in name for w in ("url", "link", "website", "image", "logo")) or name == "site":
        return _url(name)
    if "email" in name:
        return lambda c: f"ir@{c.symbol.lower()}.example.com"
    if "phone" in name:
        return lambda c: f"+1 555 01{_digits(c, 2)} {_digits(c, 4)}"
    if name.endswith("date") or name in ("dateadded", "datefirstadded", "dateoffirstsale", "lastupdated"):
        day = _day_gen(name)
        return lambda c: day(c).isoformat()
    if any(name.endswith(w) for w in _DATETIME_NAMES) or "datetime" in name:
        return lambda c: f"{c.any_day().isoformat()} {c.clock()}"
    if name in ("exchange", "exchangeshortname", "stockexchange", "exchangename"):
        return lambda c: v.EXCHANGES[stable_hash(c.symbol) % len(v.EXCHANGES)]
    if name == "exchangefullname":
        return lambda c: v.EXCHANGE_NAMES[v.EXCHANGES[stable_hash(c.symbol) % len(v.EXCHANGES)]]
    if name in ("fromcurrency", "tocurrency"):
        return _pick(v.CURRENCIES)
    if "currency" in name:
        return lambda c: "USD"
    if name in ("country", "countrycode", "invcountry", "domicile") or name.endswith("stateorcountry"):
        return lambda c: "US"
    if name == "countryname" or name.endswith("countrydescription"):
        return lambda c: "United States"
    if name == "continent":
        return lambda c: "North America"
    if "sector" in name:
        return lambda c: v.SECTORS[stable_hash(c.symbol) % len(v.SECTORS)]
    if "industry" in name or name in ("sicdescription", "subsector"):
        return lambda c: v.INDUSTRIES[stable_hash(c.symbol) % len(v.INDUSTRIES)]
    if name == "siccode":
        return lambda c: str(3500 + stable_hash(c.symbol) % 400)
    if name in ("firstname",) or name.endswith("firstname"):
        return _pick(v.FIRST_NAMES)
    if name in ("lastname",) or name.endswith("lastname"):
        return _pick(v.LAST_NAMES)
    if name in ("ceo", "analystname", "author", "owner", "reportingname", "nameofreportingperson", "nameandposition"):
        return _person
    if name == "name" and person_model:
        return _person
    if name == "title" and person_model:
        return _pick(v.JOB_TITLES)
    if name in ("name", "companyname", "registrantname", "entityname", "nameofissuer", "securityname", "company"):
        return lambda c: company_name(c.symbol)
    if any(w in name for w in ("companyname", "issuer", "holder", "investorname", "etfcompany", "fromname", "toname")):
        return lambda c: company_name(c.rng.choice(v.SYMBOLS))
    if any(w in name for w in ("publisher", "gradingcompany", "analystcompany", "site", "source")):
        return lambda c: f"{c.rng.choice(v.NAME_STEMS)} Research"
    if "address" in name or "street" in name:
        return lambda c: f"{c.rng.randint(1, 999)} Example Way"
    if "city" in name:
        return _pick(v.CITIES)
    if name == "state" or name.endswith("state") or name == "stateofincorporation":
        return _pick(v.STATES)
    if "zip" in name or "postalcode" in name:
        return lambda c: _digits(c, 5)
    if name in ("title", "newstitle", "headline"):
        return lambda c: f"{company_name(c.symbol)} {c.rng.choice(v.HEADLINE_VERBS)} {c.rng.choice(v.HEADLINE_OBJECTS)}"
    if name in ("text", "content", "description", "comment", "reason", "summary"):
        return lambda c: (
            f"{company_name(c.symbol)} ({c.symbol}) {c.rng.choice(v.HEADLINE_VERBS)} "
            f"{c.rng.choice(v.HEADLINE_OBJECTS)}. Synthetic text from the local sandbox."
        )
    if name in ("period", "fiscalperiod"):
        return lambda c: c.period
    if name in ("fiscalyear", "year", "calendaryear"):
        return lambda c: str(c.year)
    if name == "fiscalyearend":
        return lambda c: "12-31"
    if "grade" in name or name in ("consensus", "recommendation") or name.endswith("recommendation"):
        return _pick(v.GRADES if "grade" in name else v.RECOMMENDATIONS)
    if name == "rating" or name.endswith("rating"):
        return _pick(v.RATINGS)
    if name in ("action", "actions"):
        return _pick(v.ACTIONS)
    if "formtype" in name or name in ("form", "documenttype", "type"):
        return _pick(v.FORM_TYPES)
    if "transactiontype" in name:
        return _pick(v.TRANSACTION_TYPES)
    if name == "acquisitionordisposition":
        return _pick(("A", "D"))
    if name == "gender":
        return _pick(("male", "female"))
    if "party" in name:
        return _pick(v.PARTIES)
    if "position" in name or name == "office":
        return _pick(v.POSITIONS)
    if name == "district":
        return lambda c: f"{c.rng.choice(v.STATES)}{c.rng.randint(1, 20):02d}"
    if name == "impact":
        return _pick(v.IMPACTS)
    if name in ("employees", "fulltimeemployees"):
        return lambda c: str(c.rng.randint(1_000, 200_000))
    if "amount" in name or name.endswith("range"):
        return lambda c: f"${c.rng.randint(1, 50) * 1000:,} - ${c.rng.randint(51, 500) * 1000:,}"
    return _pick(v.WORDS)


# ---------------------------------------------------------------------------
# Building plans.


def _wire_name(name: str, info: Any) -> str:
    alias = info.alias
    return alias if isinstance(alias, str) else name


def _choose(name: str, accepts: frozenset[str], natural: str) -> str:
    """The kind of value to emit for a field that must satisfy ``accepts``."""
    if name == "timestamp" and "epoch" in accepts:
        return "epoch"
    if natural == "str" and "date" in accepts and (name == "date" or name.endswith("date")):
        return "date"
    if natural in accepts:
        return natural
    for kind in ("date", "int", "datetime", "epoch", "float", "str", "bool"):
        if kind in accepts:
            return kind
    return natural


def _nested_plan(model: type[BaseModel]) -> FieldPlan:
    return plan_for((model,))


def _gen_for(wire: str, kind: str, model_name: str, nested: Any) -> Gen:
    name = wire.lower().replace("_", "")
    tokens = _tokens(wire)
    if name.endswith("ttm") and len(name) > 3:
        name = name[:-3]
        tokens = tokens[:-1] if tokens and tokens[-1] == "ttm" else tokens
    if kind == "float":
        return _float_gen(name, tokens)
    if kind == "int":
        return _int_gen(name, tokens)
    if kind == "bool":
        return _bool_gen(name)
    if kind == "date":
        day = _day_gen(name)
        return lambda c: day(c).isoformat()
    if kind == "datetime" and name == "date":
        # A daily row's date carries no time of day; an intraday bar's does.
        return lambda c: c.day.isoformat() if c.minute is None else f"{c.day.isoformat()} {c.clock()}"
    if kind == "datetime":
        day = _day_gen(name)
        return lambda c: f"{day(c).isoformat()} {c.clock()}"
    if kind == "epoch":
        day = _day_gen(name)
        return lambda c: (day(c).toordinal() - _EPOCH) * _DAY + c.rng.randint(13, 21) * 3600
    if kind.startswith("model:"):
        sub = _nested_plan(nested)
        return lambda c: {k: g(c) for k, g, _ in sub}
    if kind.startswith("models:"):
        sub = _nested_plan(nested)
        return lambda c: [{k: g(c) for k, g, _ in sub} for _ in range(3)]
    if kind == "map:float":
        return lambda c: {label: float(round(c.rng.uniform(1e8, 5e10))) for label in ("Products", "Services", "Other")}
    if kind == "map:rows":
        return lambda c: {
            section: [{"label": label, "value": float(round(c.rng.uniform(1e6, 5e10)))} for label in labels]
            for section, labels in (
                ("Income Statement", ("Revenue", "Cost of revenue", "Net income")),
                ("Balance Sheet", ("Total assets", "Total liabilities", "Total equity")),
            )
        }
    if kind == "map:any":
        return lambda c: {"score": c.rng.randint(1, 5), "recommendation": c.rng.choice(v.RECOMMENDATIONS)}
    if kind == "strs":
        return lambda c: [c.rng.choice(v.WORDS) for _ in range(3)]
    if kind == "nums":
        return lambda c: [c.rng.randint(1, 100) for _ in range(3)]
    return _str_gen(name, model_name)


def plan_for(models: Sequence[type[BaseModel]]) -> FieldPlan:
    """The field plan whose rows validate against every model in ``models``.

    Fields appear in the first model's order, then fields only later models
    have. A field typed differently by two models gets a value kind both
    accept (for example a date string for a ``date`` and a ``datetime``).
    """
    fields: dict[str, tuple[frozenset[str], str, str, Any]] = {}
    for model in models:
        for name, info in model.model_fields.items():
            wire = _wire_name(name, info)
            shape = _shape(info.annotation)
            if wire in fields:
                accepts, natural, owner, nested = fields[wire]
                common = accepts & shape.accepts
                fields[wire] = (common or accepts, natural, owner, nested)
            else:
                fields[wire] = (shape.accepts, shape.natural, model.__name__, shape.nested)
    plan = []
    for wire, (accepts, natural, owner, nested) in fields.items():
        kind = _choose(wire.lower(), accepts, natural)
        plan.append((wire, _gen_for(wire, kind, owner, nested), kind))
    return tuple(plan)
