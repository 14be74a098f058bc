"""Her words as shipped, for tests: each language's catalog and the demo's view of all of them."""

from app.core.local_calls import DemoLanguages
from app.process.catalogs import shipped

CATALOGS = shipped()
EN = CATALOGS["en"]
IT = CATALOGS["it"]
DEMO = DemoLanguages.of(CATALOGS)


def english():
    return EN


def italian():
    return IT
