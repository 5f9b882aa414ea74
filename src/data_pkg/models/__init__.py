"""Typed response models, one module per client group.

Each group of the client has its own module here: ``data_pkg.models.company``,
``data_pkg.models.market``, ``data_pkg.models.fundamental`` and so on. All of them build on
``ResponseModel``, exported here (every model module loads it anyway).

This package deliberately imports none of them. The client imports a group's module lazily,
the first time that group is used, so importing one group does not load all ~195 classes.
Import a model from its own module, e.g. ``from data_pkg.models.company import Quote``.
"""

from data_pkg.models._base import ResponseModel

__all__ = ["ResponseModel"]
