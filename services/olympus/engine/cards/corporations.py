"""Corporations of the base game (with the Beginner corporation) and of the Corporate Era."""

from __future__ import annotations

from functools import partial

from .catalogue import card as _card
from .dsl import action, city, draw, gain, on_tags, on_tile, prod, tr
from .model import CORPORATION, Trigger

base = partial(_card, module="base", kind="corporation", type=CORPORATION)
corpera = partial(_card, module="corpera", kind="corporation", type=CORPORATION)

CARDS = [
    base(
        "R00",
        "Beginner Corporation",
        None,
        starting_mc=42,
        summary="Beginner corp: its 10 opening project cards are free (no buying step).",
    ),
    base(
        "R08",
        "CrediCor",
        None,
        starting_mc=57,
        summary="Take 4 M€ back after paying for a card or standard project whose base cost is 20 M€ or more.",
        triggers=(
            Trigger("card_played", (gain("megacredits", 4),), min_cost=20),
            Trigger("standard_project", (gain("megacredits", 4),), min_cost=20),
        ),
    ),
    base(
        "R17",
        "Ecoline",
        None,
        tags="plant",
        starting_mc=36,
        summary="Begins with 2 plant prod and 3 plants; a greenery costs it only 7 plants.",
        play=(prod("plants", 2), gain("plants", 3)),
        greenery_plants=7,
    ),
    base(
        "R18",
        "Helion",
        None,
        tags="space",
        starting_mc=42,
        summary="Begins with 3 heat prod; heat may be spent as M€ (not vice versa).",
        play=(prod("heat", 3),),
        heat_as_mc=True,
    ),
    base(
        "R19",
        "Interplanetary Cinematics",
        None,
        tags="building",
        starting_mc=30,
        summary="Begins with 20 steel; takes 2 M€ for every event it plays.",
        play=(gain("steel", 20),),
        triggers=(Trigger("card_played", (gain("megacredits", 2),), card_type="event"),),
    ),
    base(
        "R43",
        "Inventrix",
        None,
        tags="science",
        starting_mc=45,
        summary="First action: draw 3 cards. Global requirements are 2 steps more lenient for it.",
        first_action=(draw(3),),
        leniency=2,
    ),
    base(
        "R24",
        "Mining Guild",
        None,
        tags="building,building",
        starting_mc=30,
        summary="Begins with 5 steel and 1 steel prod; steel prod +1 when its tiles land on steel/titanium bonus spaces.",
        play=(gain("steel", 5), prod("steel", 1)),
        triggers=(on_tile((), prod("steel", 1), scope="self", where="metal_bonus"),),
    ),
    base(
        "R09",
        "PhoboLog",
        None,
        tags="space",
        starting_mc=23,
        summary="Begins with 10 titanium; each titanium is worth 1 M€ extra.",
        play=(gain("titanium", 10),),
        titanium_bonus=1,
    ),
    base(
        "R31",
        "Tharsis Republic",
        None,
        tags="building",
        starting_mc=40,
        summary="First action: place a city. M€ prod +1 when any city goes on Mars; +3 M€ when it places a city.",
        first_action=(city(),),
        triggers=(
            on_tile(("city",), prod("megacredits", 1), scope="any", where="mars"),
            on_tile(("city",), gain("megacredits", 3), scope="self"),
        ),
    ),
    base(
        "R13",
        "ThorGate",
        None,
        tags="power",
        starting_mc=48,
        summary="Begins with 1 energy prod; power cards and the Power Plant project cost 3 M€ less.",
        play=(prod("energy", 1),),
        discounts=(("power", 3),),
        project_discounts=(("power_plant", 3),),
    ),
    base(
        "R32",
        "United Nations Mars Initiative",
        None,
        tags="earth",
        starting_mc=40,
        summary="Action: if its TR rose this generation, pay 3 M€ for 1 more TR.",
        actions=(action("Pay 3 M€ for 1 TR", tr(1), cost=3, condition="tr_raised"),),
    ),
    corpera(
        "R03",
        "Saturn Systems",
        None,
        tags="jovian",
        starting_mc=42,
        summary="Begins with 1 titanium prod; M€ prod +1 whenever anyone plays a Jovian tag (its own counts).",
        play=(prod("titanium", 1),),
        triggers=(on_tags(("jovian",), prod("megacredits", 1), scope="any"),),
    ),
    corpera(
        "R30",
        "Teractor",
        None,
        tags="earth",
        starting_mc=60,
        summary="Its cards cost 3 M€ less per Earth tag they carry.",
        tag_discounts=(("earth", 3),),  # "when you play an Earth tag": per tag
    ),
]
