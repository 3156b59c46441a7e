#!/usr/bin/env python3
"""Generates The Final Gamble's map and set-up data
(adjudicator/finalgamble/data/{map,scenarios}.toml) from the features
placed below in metres on the 1954 plan of the camp. Run from the repo root:

    python3 tools/fgmap/fgmap.py

Everything here is RECONSTRUCTED (see adjudicator/finalgamble/data/README.md):
positions from the plan of the camp in Fall, "Hell in a Very Small Place"
(1966) and Windrow, "The Last Valley" (2004), as the rulebook names them;
sizes and zones chosen so that the rulebook's statements hold (the
scenario information of 9.0-G, the 312 example of 9.0-F, 1.4's "one to
four hexes"). Frame: x east, y north, metres from the south-west corner of
the map; hexes 150 m across the flats, pointy-topped, rows upward from the
south, even rows half a hex east (package adjudicator/hexgrid).
"""
import math

HEX = 150.0
ROWDY = HEX * math.sqrt(3) / 2


def center(r, c):
    x = (c - 1) * HEX + (HEX / 2 if r % 2 == 0 else 0)
    return x, (r - 1) * ROWDY


def hid(r, c):
    return "%02d%02d" % (r, c)


def nearest(rows, cols, x, y):
    best = None
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            cx, cy = center(r, c)
            d = math.hypot(cx - x, cy - y)
            if best is None or d < best[0]:
                best = (d, r, c)
    return best[1], best[2]


def neighbors(r, c):
    lo, hi = (c - 1, c) if r % 2 == 1 else (c, c + 1)
    return [(r, c + 1), (r, c - 1), (r + 1, lo), (r + 1, hi), (r - 1, lo), (r - 1, hi)]


def grow(rows, cols, x, y, n, taken):
    """n contiguous hexes around (x, y), nearest first, not in taken."""
    r, c = nearest(rows, cols, x, y)
    out = [(r, c)]
    while len(out) < n:
        cand = set()
        for h in out:
            for nb in neighbors(*h):
                if 1 <= nb[0] <= rows and 1 <= nb[1] <= cols and nb not in out and nb not in taken:
                    cand.add(nb)
        out.append(min(cand, key=lambda h: (math.hypot(center(*h)[0] - x, center(*h)[1] - y), h)))
    for h in out:
        assert h not in taken, (x, y, h)
    return out


def lerp(pts, y):
    """x of a polyline given as (x, y) points, north to south, at y."""
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if y1 <= y <= y0:
            t = (y - y0) / (y1 - y0) if y1 != y0 else 0
            return x0 + t * (x1 - x0)
    return pts[0][0] if y > pts[0][1] else pts[-1][0]


def line(rows, cols, pts):
    """hex chain along a polyline of (x, y) points."""
    out = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        n = int(math.hypot(x1 - x0, y1 - y0) / 20) + 1
        for i in range(n + 1):
            x, y = x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n
            h = nearest(rows, cols, x, y)
            if not out or out[-1] != h:
                if out:
                    assert h in neighbors(*out[-1]), (out[-1], h)
                out.append(h)
    return out


def q(s):
    return '"' + s + '"'


def strs(xs, per=8, indent="  "):
    xs = [q(x) for x in xs]
    lines = [", ".join(xs[i:i + per]) for i in range(0, len(xs), per)]
    if len(lines) <= 1:
        return "[" + (lines[0] if lines else "") + "]"
    return "[\n" + ",\n".join(indent + l for l in lines) + ",\n]"


# ---------------------------------------------------------------- DBP
ROWS, COLS = 36, 24
CX, CY = 1700.0, 1500.0  # the centre of the camp (de Castries' HQ)

# The Nam Youm, north to south (west bank: the airstrip, Huguette, Claudine;
# east bank: Dominique and Eliane).
RIVER = [(1480, 4700), (1600, 3800), (1800, 3000), (1920, 2200), (1900, 1500), (1960, 800), (1940, -100)]


def depth(x, y):
    dx, dy = x - CX, y - CY
    if dy > 0:
        dy *= 0.55  # the valley is longer north of the camp than wide
    else:
        dy *= 0.6  # and Claudine's south was out of the VM's first reach
    return math.hypot(dx, dy)


def sector(x, y):
    a = math.degrees(math.atan2(y - CY, x - CX))
    if 30 <= a < 88:
        return "312"
    if -100 <= a < 30:
        return "316"
    return "308"


ZONES = {  # outer bound of each zone's depth, zone 1 at the map edge
    "308": [1550, 1250, 1080, 900, 750, 600, 450],
    "312": [1550, 1250, 1050, 850, 650, 450],
    "316": [1300, 1100, 950, 850, 700, 450],
}


def zone(x, y):
    d = depth(x, y)
    bounds = ZONES[sector(x, y)]
    for i in range(len(bounds)):
        lower = bounds[i]
        if d >= lower:
            return i + 1
    return 0  # the central area


HILLS = [  # id, name, x, y, radius, forest
    ("G", "Gabrielle hill", 1650, 4150, 230, False),
    ("B", "Beatrice hill (Him Lam)", 2700, 3350, 230, True),
    ("1", "Dominique 1 hill", 2600, 2300, 200, False),
    ("2", "Dominique 2 hill", 2450, 2000, 200, False),
    ("F", "Eliane 1 hill (Mont Fictif)", 2650, 1700, 170, False),
    ("C", "Eliane 2 hill (Mont Chauve)", 2480, 1330, 230, False),
    ("4", "Eliane 4 hill", 2720, 1120, 170, False),
]


def ridge(x, y):
    """the hills around the valley: east heights, west heights, north."""
    if x > 3050 - 0.08 * (y - 2000):
        return "E"
    if x < 330 + 0.05 * abs(y - 2200):
        return "W"
    if y > 4380 and not (1400 < x < 1900):
        return "N"
    return None


FOREST = [(3000, 3900, 420), (700, 3900, 380), (400, 900, 300), (2400, 300, 280), (3100, 600, 300)]

SP = [  # code, name, vm name, x, y, hexes, wire, hill
    ("GAB", "Gabrielle", "Doc Lap", 1650, 4150, 4, "heavy", "G"),
    ("BEA", "Beatrice", "Him Lam", 2700, 3350, 3, "heavy", "B"),
    ("AM", "Anne-Marie", "Ban Keo", 1050, 3000, 3, "light", ""),
    ("H6", "Huguette 6", "", 1500, 3000, 2, "heavy", ""),
    ("H7", "Huguette 7", "", 1250, 3150, 1, "light", ""),
    ("OPE", "Opera", "", 1150, 2720, 1, "light", ""),
    ("H5", "Huguette 5", "", 1250, 2550, 1, "light", ""),
    ("H1", "Huguette 1", "", 1350, 2300, 2, "heavy", ""),
    ("FRA", "Francoise", "", 950, 2150, 1, "light", ""),
    ("H2", "Huguette 2", "", 1250, 2050, 2, "heavy", ""),
    ("H3", "Huguette 3", "", 1300, 1800, 2, "heavy", ""),
    ("H4", "Huguette 4", "", 1350, 1600, 2, "heavy", ""),
    ("EPE", "Epervier", "", 1550, 1830, 1, "light", ""),
    ("JUN", "Junon", "", 1760, 2150, 1, "light", ""),
    ("C1", "Claudine 1", "", 1450, 1250, 2, "heavy", ""),
    ("C2", "Claudine 2", "", 1250, 1050, 2, "heavy", ""),
    ("C3", "Claudine 3", "", 1500, 950, 1, "heavy", ""),
    ("C4", "Claudine 4", "", 1200, 800, 1, "heavy", ""),
    ("C5", "Claudine 5", "", 1550, 650, 2, "heavy", ""),
    ("C6", "Claudine 6", "", 1300, 550, 1, "light", ""),
    ("C7", "Claudine 7", "", 1050, 1300, 1, "light", ""),
    ("D1", "Dominique 1", "E", 2600, 2300, 3, "heavy", "1"),
    ("D2", "Dominique 2", "D1", 2450, 2000, 3, "heavy", "2"),
    ("D3", "Dominique 3", "", 2150, 1900, 2, "heavy", ""),
    ("D4", "Dominique 4", "", 2020, 2350, 1, "light", ""),
    ("D5", "Dominique 5", "", 2250, 2480, 1, "light", ""),
    ("D6", "Dominique 6", "", 2050, 2620, 1, "light", ""),
    ("E1", "Eliane 1", "C1", 2650, 1700, 2, "heavy", "F"),
    ("E2", "Eliane 2", "A1", 2480, 1330, 4, "heavy", "C"),
    ("E4", "Eliane 4", "C2", 2720, 1120, 2, "heavy", "4"),
    ("E3", "Eliane 3", "", 2100, 1350, 1, "light", ""),
    ("E11", "Eliane 11", "", 2080, 1120, 1, "light", ""),
    ("E12", "Eliane 12", "", 2000, 920, 1, "light", ""),
    ("E10", "Eliane 10", "", 2300, 830, 1, "light", ""),
]

STRUCT = [  # kind, name, x, y
    ("hospital", "Hospital", 1700, 1420),
    ("ammo", "Ammo Dump", 1580, 1530),
    ("fuel", "Fuel Depot", 1560, 1700),
    ("food", "Food Supply", 1780, 1620),
    ("pim", "PIM", 1830, 1400),
]

OUTPOSTS = [(850, 3450), (2300, 3050), (3000, 2650), (700, 1650), (2450, 550), (950, 650), (2950, 1900)]

ROADS = [
    ("RP41", "RP 41 (from Tuan Giao)", [(3450, 4500), (2750, 3500), (2200, 2700), (2050, 1950), (2020, 1500), (1700, 1500), (1800, 900), (1780, -50)]),
    ("pavie", "Pavie track (north, along the Nam Youm's east bank)", [(2150, 2600), (1950, 3300), (1750, 3900), (1700, 4150), (1680, 4560)]),
    ("laos", "track to Laos", [(1700, 1500), (900, 1350), (-50, 1250)]),
    ("east", "track to Eliane and Ban Na Loi", [(1700, 1500), (2480, 1330), (3500, 1300)]),
]

AIRSTRIP = [(1560, 1950), (1620, 3000)]


def build_dbp():
    taken = set()
    sps = []
    for code, name, vm, x, y, n, wire, hill in SP:
        hs = grow(ROWS, COLS, x, y, n, taken)
        taken |= set(hs)
        sps.append(dict(code=code, name=name, vm=vm, hexes=hs, wire=wire, hill=hill, x=x, y=y))
    structs = []
    for kind, name, x, y in STRUCT:
        h = nearest(ROWS, COLS, x, y)
        assert h not in taken, name
        taken.add(h)
        structs.append(dict(kind=kind, name=name, hex=h))
    outposts = []
    for x, y in OUTPOSTS:
        h = nearest(ROWS, COLS, x, y)
        assert h not in taken
        taken.add(h)
        outposts.append(h)
    terrain, hills, sectors, zones, supply = [], [], [], [], []
    airstrip = line(ROWS, COLS, AIRSTRIP)
    for r in range(ROWS, 0, -1):
        t = hl = se = zo = su = ""
        for c in range(1, COLS + 1):
            x, y = center(r, c)
            hill = ""
            for hid_, _, hx, hy, rad, forest in HILLS:
                if math.hypot(x - hx, y - hy) <= rad:
                    hill = hid_
            rg = ridge(x, y)
            forest = any(math.hypot(x - fx, y - fy) <= fr for fx, fy, fr in FOREST)
            if rg:
                hill = hill or rg
                forest = forest or rg in "EN"
            if hill in ("B",):
                forest = True
            t += "f" if forest else "."
            hl += hill or "."
            z = zone(x, y)
            se += {"308": "8", "312": "2", "316": "6"}[sector(x, y)] if z else "."
            zo += str(z) if z else "."
            su += "S" if depth(x, y) < 520 and not (x > lerp(RIVER, y) and depth(x, y) > 430) else "."
        terrain.append(t)
        hills.append(hl)
        sectors.append(se)
        zones.append(zo)
        supply.append(su)
    # a strongpoint lies in one zone: that of its centre on the plan
    for sp in sps:
        z = zone(sp["x"], sp["y"])
        for r, c in sp["hexes"]:
            i = ROWS - r
            se = {"308": "8", "312": "2", "316": "6"}[sector(sp["x"], sp["y"])] if z else "."
            sectors[i] = sectors[i][:c - 1] + se + sectors[i][c:]
            zones[i] = zones[i][:c - 1] + (str(z) if z else ".") + zones[i][c:]
    # river hexsides: between a hex west of the Nam Youm and one east of it
    west = lambda r, c: center(r, c)[0] < lerp(RIVER, center(r, c)[1])
    river = []
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            for nr, nc in neighbors(r, c):
                if 1 <= nr <= ROWS and 1 <= nc <= COLS and west(r, c) and not west(nr, nc):
                    a, b = sorted([hid(r, c), hid(nr, nc)])
                    river.append(a + "/" + b)
    river = sorted(set(river))
    roads = []
    for rid, name, pts in ROADS:
        roads.append(dict(id=rid, name=name, hexes=line(ROWS, COLS, pts)))
    bridges = set()
    for rd in roads:
        for a, b in zip(rd["hexes"], rd["hexes"][1:]):
            s = "/".join(sorted([hid(*a), hid(*b)]))
            if s in river:
                bridges.add(s)
    # wire: every side of a strongpoint hex to a hex outside it
    heavy, light = set(), set()
    for sp in sps:
        if not sp["wire"]:
            continue
        for h in sp["hexes"]:
            for nb in neighbors(*h):
                if nb in sp["hexes"] or not (1 <= nb[0] <= ROWS and 1 <= nb[1] <= COLS):
                    continue
                s = "/".join(sorted([hid(*h), hid(*nb)]))
                (heavy if sp["wire"] == "heavy" else light).add(s)
    return dict(sps=sps, structs=structs, outposts=outposts, terrain=terrain, hills=hills, sectors=sectors,
                zones=zones, supply=supply, river=river, roads=roads, bridges=sorted(bridges),
                heavy=sorted(heavy), light=sorted(light - heavy), airstrip=airstrip)


# ---------------------------------------------------------------- Isabelle
IROWS, ICOLS = 12, 10
ICX, ICY = 650, 720
IRIVER = [(900, 1600), (820, 800), (860, -100)]
ISP = [
    ("I-HQ", "Isabelle HQ", "Hong Cum", 650, 720, 3, "heavy", ""),
    ("I1", "Isabelle 1", "", 450, 950, 2, "heavy", ""),
    ("I2", "Isabelle 2", "", 400, 560, 2, "heavy", ""),
    ("I3", "Isabelle 3", "", 650, 400, 1, "light", ""),
    ("I4", "Isabelle 4", "", 700, 1050, 1, "light", ""),
    ("I5", "Isabelle 5", "", 250, 780, 1, "light", ""),
    ("WIE", "Wieme", "", 1080, 760, 2, "heavy", ""),
]


def build_isabelle():
    taken = set()
    sps = []
    for code, name, vm, x, y, n, wire, hill in ISP:
        hs = grow(IROWS, ICOLS, x, y, n, taken)
        taken |= set(hs)
        sps.append(dict(code=code, name=name, vm=vm, hexes=hs, wire=wire, hill=hill))
    hosp = nearest(IROWS, ICOLS, 820, 600)
    assert hosp not in taken
    terrain, hills, sectors, zones, supply = [], [], [], [], []
    for r in range(IROWS, 0, -1):
        t = hl = se = zo = su = ""
        for c in range(1, ICOLS + 1):
            x, y = center(r, c)
            d = math.hypot(x - ICX, y - ICY)
            t += "f" if (x > 1250 and y > 900) or (x < 100 and y < 300) else "."
            hl += "."
            se += "4" if d > 560 else "."
            zo += "3" if d > 560 else "."
            su += "S" if d < 330 else "."
        terrain.append(t)
        hills.append(hl)
        sectors.append(se)
        zones.append(zo)
        supply.append(su)
    west = lambda r, c: center(r, c)[0] < lerp(IRIVER, center(r, c)[1])
    river = []
    for r in range(1, IROWS + 1):
        for c in range(1, ICOLS + 1):
            for nr, nc in neighbors(r, c):
                if 1 <= nr <= IROWS and 1 <= nc <= ICOLS and west(r, c) and not west(nr, nc):
                    river.append("/".join(sorted([hid(r, c), hid(nr, nc)])))
    river = sorted(set(river))
    roads = [dict(id="RP41-south", name="RP 41 (to Laos by the Nam Youm)", hexes=line(IROWS, ICOLS, [(600, 1600), (650, 720), (980, 760), (1480, 700)]))]
    bridges = set()
    for a, b in zip(roads[0]["hexes"], roads[0]["hexes"][1:]):
        s = "/".join(sorted([hid(*a), hid(*b)]))
        if s in river:
            bridges.add(s)
    heavy, light = set(), set()
    for sp in sps:
        for h in sp["hexes"]:
            for nb in neighbors(*h):
                if nb in sp["hexes"] or not (1 <= nb[0] <= IROWS and 1 <= nb[1] <= ICOLS):
                    continue
                s = "/".join(sorted([hid(*h), hid(*nb)]))
                (heavy if sp["wire"] == "heavy" else light).add(s)
    return dict(sps=sps, structs=[dict(kind="hospital", name="Isabelle hospital", hex=hosp)], outposts=[],
                terrain=terrain, hills=hills, sectors=sectors, zones=zones, supply=supply, river=river,
                roads=roads, bridges=sorted(bridges), heavy=sorted(heavy), light=sorted(light - heavy),
                airstrip=line(IROWS, ICOLS, [(300, 1250), (350, 1500)]))


def emit_map(name, rows, cols, m, out):
    out.append("[%s]" % name)
    out.append("rows = %d\ncols = %d" % (rows, cols))
    for layer in ("terrain", "hills", "sectors", "zones", "supply"):
        out.append("%s = [\n%s\n]" % (layer, "\n".join('  "%s", # %02d' % (s, rows - i) for i, s in enumerate(m[layer]))))
    out.append("airstrip = " + strs([hid(*h) for h in m["airstrip"]]))
    out.append("river = " + strs(m["river"], 6))
    out.append("bridges = " + strs(m["bridges"], 6))
    out.append("heavy_wire = " + strs(m["heavy"], 6))
    out.append("light_wire = " + strs(m["light"], 6))
    out.append("outposts = " + strs([hid(*h) for h in m["outposts"]]))
    out.append("")
    for rd in m["roads"]:
        out.append("[[%s.road]]\nid = %s\nname = %s\nhexes = %s\n" % (name, q(rd["id"]), q(rd["name"]), strs([hid(*h) for h in rd["hexes"]], 10)))
    for sp in m["sps"]:
        out.append("[[%s.strongpoint]]\ncode = %s\nname = %s" % (name, q(sp["code"]), q(sp["name"])))
        if sp["vm"]:
            out.append("vm_name = %s" % q(sp["vm"]))
        out.append("hexes = %s\n" % strs([hid(*h) for h in sp["hexes"]]))
    for st in m["structs"]:
        out.append("[[%s.structure]]\nkind = %s\nname = %s\nhex = %s\n" % (name, q(st["kind"]), q(st["name"]), q(hid(*st["hex"]))))


HILL_NAMES = {h[0]: h[1] for h in HILLS}
HILL_NAMES.update({"E": "eastern heights", "W": "western heights", "N": "northern heights"})

if __name__ == "__main__":
    dbp, isa = build_dbp(), build_isabelle()
    out = [open("tools/fgmap/map_header.toml").read().rstrip() + "\n"]
    for k in sorted(HILL_NAMES):
        out.append("[[hill]]\nid = %s\nname = %s\n" % (q(k), q(HILL_NAMES[k])))
    emit_map("dbp", ROWS, COLS, dbp, out)
    emit_map("isabelle", IROWS, ICOLS, isa, out)
    open("adjudicator/finalgamble/data/map.toml", "w").write("\n".join(out))
    import json
    json.dump({"dbp": {sp["code"]: [hid(*h) for h in sp["hexes"]] for sp in dbp["sps"]},
               "isabelle": {sp["code"]: [hid(*h) for h in sp["hexes"]] for sp in isa["sps"]}},
              open("/tmp/fg_sps.json", "w"))
