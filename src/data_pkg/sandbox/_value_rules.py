"""Name rules: a plausible value for a field, chosen from its wire name and the kind of value it holds.

Names are compared lower-cased, without a ``TTM`` suffix. Prices follow the
row's day (an ``open`` inside the day's range), money amounts scale with the
company's size, ratios and margins stay in believable bands, and dates fall in
the requested range. The kind (``float``, ``int``, ``str``, ``date`` ...) is
decided by the field's type elsewhere; these rules only pick the value.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from data_pkg.sandbox import _vocab as v
from data_pkg.sandbox._row import Gen, RowContext, company_name, stable_hash

__all__ = ["bool_gen", "day_gen", "float_gen", "int_gen", "iso_day_gen", "name_tokens", "str_gen"]


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


def _share_of_revenue(lo: float, hi: float) -> Gen:
    """A statement line between ``lo`` and ``hi`` of the row's revenue (a quarter of its market cap)."""
    return lambda c: float(round(c.price * c.shares * 0.25 * c.rng.uniform(lo, hi)))


def _url(kind: str) -> Gen:
    return lambda c: f"https://example.com/{kind}/{c.symbol.lower()}/{c.rng.randrange(10**6)}"


# Rules by kind.

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
# An income statement's lines, as shares of the revenue, in bands that keep their order: revenue >
# gross profit > EBITDA > operating income > pre-tax income > net income, as in any profitable year.
for _names, (_lo, _hi) in (
    (("revenue",), (1.0, 1.0)),
    (("costofrevenue",), (0.4, 0.65)),
    (("grossprofit",), (0.35, 0.6)),
    (("ebitda",), (0.24, 0.34)),
    (("ebit", "operatingincome"), (0.16, 0.23)),
    (("incomebeforetax",), (0.13, 0.16)),
    (("netincome", "bottomlinenetincome", "netincomefromcontinuingoperations"), (0.05, 0.12)),
):
    for _name in _names:
        _PRICE_FIELDS[_name] = _share_of_revenue(_lo, _hi)
# Treasury yields in percent, by maturity: a few percent, as they are, not any number up to 100.
for _name in (
    "month1",
    "month2",
    "month3",
    "month6",
    "year1",
    "year2",
    "year3",
    "year5",
    "year7",
    "year10",
    "year20",
    "year30",
):
    _PRICE_FIELDS[_name] = _uniform(3.5, 5.2, 2)

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
    (("market cap", "mkt cap"), lambda c: round(c.price * c.shares)),  # as the float rule, where the model says int
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


def name_tokens(wire: str) -> tuple[str, ...]:
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


def float_gen(name: str, tokens: tuple[str, ...]) -> Gen:
    if name in _PRICE_FIELDS:
        return _PRICE_FIELDS[name]
    if "to" in tokens[1:]:
        return _uniform(0.05, 5, 4)  # "xToY" names are ratios: capexToRevenue, netDebtToEBITDA
    for words, gen in _FLOAT_RULES:
        if _matches(words, tokens, name):
            return gen
    return _uniform(1, 100)


def int_gen(name: str, tokens: tuple[str, ...], default: Gen | None = None) -> Gen:
    """An integer field's generator; ``default`` (else a small count) where no rule knows the name."""
    if name in ("year", "calendaryear", "fiscalyear"):
        return lambda c: c.year
    if name in ("quarter", "period"):
        return lambda c: c.quarter
    for words, gen in _INT_RULES:
        if _matches(words, tokens, name):
            return gen
    return default or _integer(0, 500)


def whole_gen(name: str, tokens: tuple[str, ...]) -> Gen:
    """A field the upstream sends as a whole number: a price or statement line rounded, a count, else an amount.

    The price and statement rules come first (an income statement's lines keep their order
    as whole dollars); then the integer rules; a name neither knows (``revenueAvg``) is the
    float rule's value, rounded.
    """
    if name in _PRICE_FIELDS:
        line = _PRICE_FIELDS[name]
        return lambda c: round(line(c))
    amount = float_gen(name, tokens)
    whole: Gen = lambda c: round(amount(c))  # noqa: E731 - named for the two uses below
    if "operating" in tokens:
        return whole  # an amount, though the word ends in "rating"
    return int_gen(name, tokens, default=whole)


def bool_gen(name: str) -> Gen:
    if name in ("active", "isactive", "isactivelytrading", "hasfinancials"):
        return lambda c: True
    if name in ("isetf", "isfund", "isadr", "isamendment", "defaultimage"):
        return lambda c: False
    return lambda c: c.rng.random() < 0.5


def day_gen(name: str) -> Callable[[RowContext], dt.date]:
    """A date field's day: the row's own for its date (a news item's publication too), else one in range."""
    if name in ("date", "publisheddate"):
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


@dataclass(frozen=True)
class _When:
    """Which field names a string rule is for.

    A name matches when it is one of ``names``, contains one of ``contains`` or ends with one of
    ``ends``; with ``people``, only in a model about people (executives, senators, insiders).
    """

    names: frozenset[str] = frozenset()
    contains: tuple[str, ...] = ()
    ends: tuple[str, ...] = ()
    people: bool = False

    def __call__(self, name: str, person_model: bool) -> bool:
        if self.people and not person_model:
            return False
        return name in self.names or any(w in name for w in self.contains) or name.endswith(self.ends)


def _is(*names: str, contains: tuple[str, ...] = (), ends: tuple[str, ...] = (), people: bool = False) -> _When:
    return _When(frozenset(names), contains, ends, people)


def _has(*words: str) -> _When:
    return _When(contains=words)


def _ends(*words: str) -> _When:
    return _When(ends=words)


@dataclass(frozen=True)
class _Named:
    """A generator that depends on the field's name: a URL that names it, a date of its kind."""

    make: Callable[[str], Gen]


def iso_day_gen(name: str) -> Gen:
    """A date field's generator, as ISO text."""
    day = day_gen(name)
    return lambda c: day(c).isoformat()


def _exchange(c: RowContext) -> str:
    return v.EXCHANGES[stable_hash(c.symbol) % len(v.EXCHANGES)]


_PEOPLE_MODELS = ("Executive", "Senate", "House", "Insider")

# First matching rule wins, so exact names and specific words come before broad ones.
_STR_RULES: tuple[tuple[_When, Gen | _Named], ...] = (
    (_is("symbol"), lambda c: c.symbol),
    (_has("symbol", "ticker"), _pick(v.SYMBOLS)),
    (_is("cik"), lambda c: _symbol_digits(c.symbol, 10)),
    (_ends("cik"), lambda c: _digits(c, 10)),
    (_has("cusip"), lambda c: _symbol_digits(c.symbol, 9)),
    (_is("isin"), lambda c: "US" + _symbol_digits(c.symbol, 10)),
    (_is("lei"), lambda c: _digits(c, 20)),
    (_has("figi"), lambda c: "BBG" + _digits(c, 9)),
    (_is("time"), _pick(("bmo", "amc"))),
    (_is("timezone"), lambda c: "America/New_York"),
    (_is("openinghour"), lambda c: "09:30 AM -05:00"),
    (_is("closinghour"), lambda c: "04:00 PM -05:00"),
    (_is("range", "fiftytwoweekrange", "pricerange"), lambda c: f"{c.year_low:.2f}-{c.year_high:.2f}"),
    (_is("site", contains=("url", "link", "website", "image", "logo")), _Named(_url)),
    (_has("email"), lambda c: f"ir@{c.symbol.lower()}.example.com"),
    (_has("phone"), lambda c: f"+1 555 01{_digits(c, 2)} {_digits(c, 4)}"),
    (_is("dateadded", "datefirstadded", "dateoffirstsale", "lastupdated", ends=("date",)), _Named(iso_day_gen)),
    (_When(contains=("datetime",), ends=_DATETIME_NAMES), lambda c: f"{c.any_day().isoformat()} {c.clock()}"),
    (_is("exchange", "exchangeshortname", "stockexchange", "exchangename"), _exchange),
    (_is("exchangefullname"), lambda c: v.EXCHANGE_NAMES[_exchange(c)]),
    (_is("fromcurrency", "tocurrency"), _pick(v.CURRENCIES)),
    (_has("currency"), lambda c: "USD"),
    (_is("country", "countrycode", "invcountry", "domicile", ends=("stateorcountry",)), lambda c: "US"),
    (_is("countryname", ends=("countrydescription",)), lambda c: "United States"),
    (_is("continent"), lambda c: "North America"),
    (_has("sector"), lambda c: v.SECTORS[stable_hash(c.symbol) % len(v.SECTORS)]),
    (
        _is("sicdescription", "subsector", contains=("industry",)),
        lambda c: v.INDUSTRIES[stable_hash(c.symbol) % len(v.INDUSTRIES)],
    ),
    (_is("siccode"), lambda c: str(3500 + stable_hash(c.symbol) % 400)),
    (_ends("firstname"), _pick(v.FIRST_NAMES)),
    (_ends("lastname"), _pick(v.LAST_NAMES)),
    (
        _is("ceo", "analystname", "author", "owner", "reportingname", "nameofreportingperson", "nameandposition"),
        _person,
    ),
    (_is("name", people=True), _person),
    (_is("title", people=True), _pick(v.JOB_TITLES)),
    (
        _is("name", "companyname", "registrantname", "entityname", "nameofissuer", "securityname", "company"),
        lambda c: company_name(c.symbol),
    ),
    (
        _has("companyname", "issuer", "holder", "investorname", "etfcompany", "fromname", "toname"),
        lambda c: company_name(c.rng.choice(v.SYMBOLS)),
    ),
    (
        _has("publisher", "gradingcompany", "analystcompany", "site", "source"),
        lambda c: f"{c.rng.choice(v.NAME_STEMS)} Research",
    ),
    (_has("address", "street"), lambda c: f"{c.rng.randint(1, 999)} Example Way"),
    (_has("city"), _pick(v.CITIES)),
    (_is("stateofincorporation", ends=("state",)), _pick(v.STATES)),
    (_has("zip", "postalcode"), lambda c: _digits(c, 5)),
    (
        _is("title", "newstitle", "headline"),
        lambda c: f"{company_name(c.symbol)} {c.rng.choice(v.HEADLINE_VERBS)} {c.rng.choice(v.HEADLINE_OBJECTS)}",
    ),
    (
        _is("text", "content", "description", "comment", "reason", "summary"),
        lambda c: (
            f"{company_name(c.symbol)} ({c.symbol}) {c.rng.choice(v.HEADLINE_VERBS)} "
            f"{c.rng.choice(v.HEADLINE_OBJECTS)}. Synthetic text from the local sandbox."
        ),
    ),
    (_is("period", "fiscalperiod"), lambda c: c.period),
    (_is("fiscalyear", "year", "calendaryear"), lambda c: str(c.year)),
    (_is("fiscalyearend"), lambda c: "12-31"),
    (_has("grade"), _pick(v.GRADES)),
    (_is("consensus", ends=("recommendation",)), _pick(v.RECOMMENDATIONS)),
    (_ends("rating"), _pick(v.RATINGS)),
    (_is("action", "actions"), _pick(v.ACTIONS)),
    (_is("type", people=True), _pick(v.TRADE_TYPES)),
    (_is("form", "documenttype", "type", contains=("formtype",)), _pick(v.FORM_TYPES)),
    (_has("transactiontype"), _pick(v.TRANSACTION_TYPES)),
    (_is("acquisitionordisposition"), _pick(("A", "D"))),
    (_is("gender"), _pick(("male", "female"))),
    (_has("party"), _pick(v.PARTIES)),
    (_is("office", contains=("position",)), _pick(v.POSITIONS)),
    (_is("district"), lambda c: f"{c.rng.choice(v.STATES)}{c.rng.randint(1, 20):02d}"),
    (_is("impact"), _pick(v.IMPACTS)),
    (_is("employees", "fulltimeemployees"), lambda c: str(c.rng.randint(1_000, 200_000))),
    (
        _When(contains=("amount",), ends=("range",)),
        lambda c: f"${c.rng.randint(1, 50) * 1000:,} - ${c.rng.randint(51, 500) * 1000:,}",
    ),
)
_WORD = _pick(v.WORDS)


def str_gen(name: str, model: str) -> Gen:
    """The generator of a string field: the first rule of ``_STR_RULES`` that matches, else a word."""
    person_model = any(w in model for w in _PEOPLE_MODELS)
    for when, gen in _STR_RULES:
        if when(name, person_model):
            return gen.make(name) if isinstance(gen, _Named) else gen
    return _WORD
