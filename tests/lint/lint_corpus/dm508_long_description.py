"""A quote tool described at a length hosts cut."""

TOOLS = ["company.quote"]
OVERRIDES = {
    "company.quote": {
        "description": (
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
            "Live quote for one stock: price, change, day range, volume, market cap and P/E ratio. "
        ),
    },
}
