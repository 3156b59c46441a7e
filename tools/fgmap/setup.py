#!/usr/bin/env python3
"""Generates adjudicator/finalgamble/data/{units,scenarios}.toml: the
counters and the Scenario Card (9.0-C to G), RECONSTRUCTED from the
rulebook's list of French units and origins, its scenario information, and
the history of the battle (Fall 1966; Windrow 2004). Run after fgmap.py:

    python3 tools/fgmap/fgmap.py && python3 tools/fgmap/setup.py
"""
import json

SPS = json.load(open("/tmp/fg_sps.json"))
SIZE = {k: len(v) for m in SPS.values() for k, v in m.items()}
ISA = set(SPS["isabelle"])

# formation id, name, kind, counters, strength full/reduced, morale, origin
# kinds: inf, tank, art (batteries, mortars, Quad-50s: "Artillery units", 1.1)
ELITE, LEGION, COLONIAL, NATIVE, THAI = (6, 3, 5), (5, 3, 4), (5, 3, 4), (4, 2, 3), (3, 2, 2)
F = [
    ("1/2REI", "1/2 REI", "inf", 4, LEGION, "Foreign Legion"),
    ("2/2REI", "2/2 REI", "inf", 4, LEGION, "Foreign Legion"),
    ("3/3REI", "3/3 REI", "inf", 4, LEGION, "Foreign Legion"),
    ("1/13DBLE", "1/13 DBLE", "inf", 4, LEGION, "Foreign Legion"),
    ("3/13DBLE", "3/13 DBLE", "inf", 4, LEGION, "Foreign Legion"),
    ("1BEP", "1 BEP", "inf", 4, ELITE, "Foreign Legion"),
    ("2BEP", "2 BEP", "inf", 4, ELITE, "Foreign Legion"),
    ("2/1RCP", "2/1 RCP", "inf", 4, ELITE, "Metropolitan"),
    ("1BPC", "1 BPC", "inf", 4, ELITE, "Colonial"),
    ("6BPC", "6 BPC", "inf", 4, ELITE, "Colonial"),
    ("8BPC", "8 BPC", "inf", 4, ELITE, "Colonial"),
    ("5BPVN", "5 BPVN", "inf", 4, NATIVE, "Vietnamese"),
    ("1BPVN", "1 BPVN", "inf", 4, NATIVE, "Vietnamese"),
    ("3BPVN", "3 BPVN", "inf", 4, NATIVE, "Vietnamese"),
    ("2/1RTA", "2/1 RTA", "inf", 4, COLONIAL, "Algerian"),
    ("3/3RTA", "3/3 RTA", "inf", 4, COLONIAL, "Algerian"),
    ("5/7RTA", "5/7 RTA", "inf", 4, COLONIAL, "Algerian"),
    ("1/4RTM", "1/4 RTM", "inf", 4, COLONIAL, "Moroccan"),
    ("31BG", "31 BG", "inf", 4, NATIVE, "Moroccan"),
    ("1BPL", "1 BPL", "inf", 4, NATIVE, "Laotian"),
    ("4BCL", "4 BCL", "inf", 4, NATIVE, "Laotian"),
    ("5BCL", "5 BCL", "inf", 4, NATIVE, "Laotian"),
    ("2Thai", "2 Thai", "inf", 4, THAI, "Thai"),
    ("3Thai", "3 Thai", "inf", 4, THAI, "Thai"),
    ("ThaiA", "Thai co (1st section)", "inf", 4, THAI, "Thai"),
    ("ThaiB", "Thai co (2nd section)", "inf", 4, THAI, "Thai"),
    ("ThaiC", "Thai co (3rd section)", "inf", 4, THAI, "Thai"),
    ("1RCC", "1 RCC", "tank", 4, (6, 3, 4), "Metropolitan"),
    ("RICM", "RICM", "tank", 1, (5, 3, 4), "Moroccan"),
    ("2/4RAC", "2/4 RAC", "art", 3, (2, 1, 3), "West African"),
    ("4/4RAC", "4/4 RAC", "art", 3, (2, 1, 3), "Colonial"),
    ("3/10RAC", "3/10 RAC", "art", 3, (2, 1, 3), "Colonial"),
    ("GAACEO", "GAACEO", "art", 2, (2, 1, 3), "Colonial"),
    ("1CMMLE", "1 CMMLE", "art", 2, (2, 1, 4), "Foreign Legion"),
    ("2CMMLE", "2 CMMLE", "art", 2, (2, 1, 4), "Foreign Legion"),
    ("1CEPML", "1 CEPML", "art", 3, (2, 1, 4), "Foreign Legion"),
]
# Scenario A (13 March, the eve of the assault on Beatrice): the garrison's
# positions as on the plan of the camp.
A = {
    "1/2REI": ["C1", "C2", "C3", "C5"], "2/2REI": ["H1", "H2", "H3", "H4"],
    "3/3REI": ["I-HQ", "I1", "I2", "I3"], "1/13DBLE": ["E2", "E2", "E4", "C4"],
    "3/13DBLE": ["BEA", "BEA", "BEA", "BEA"], "1BEP": ["EPE", "E3", "E11", "JUN"],
    "2BEP": ["reinforcement"] * 4, "2/1RCP": ["reinforcement"] * 4, "1BPC": ["reinforcement"] * 4,
    "6BPC": ["reinforcement"] * 4, "8BPC": ["D3", "D3", "D4", "E12"], "5BPVN": ["reinforcement"] * 4,
    "1BPVN": ["standby"] * 4, "3BPVN": ["standby"] * 4, "2/1RTA": ["I-HQ", "I1", "I2", "I4"],
    "3/3RTA": ["D1", "D1", "D2", "D2"], "5/7RTA": ["GAB", "GAB", "GAB", "GAB"],
    "1/4RTM": ["E1", "E1", "E2", "E4"], "31BG": ["C1", "C7", "H4", "C6"],
    "1BPL": ["condor"] * 4, "4BCL": ["condor"] * 4, "5BCL": ["condor"] * 4,
    "2Thai": ["AM", "AM", "AM", "AM"], "3Thai": ["WIE", "WIE", "I5", "I3"],
    "ThaiA": ["H5", "H6", "H7", "FRA"], "ThaiB": ["D5", "D6", "E10", "C6"], "ThaiC": ["H6", "D4", "E3", "C7"],
    "1RCC": ["EPE", "E11", "C3", "I-HQ"], "RICM": ["D2"],
    "2/4RAC": ["D3", "D4", "E12"], "4/4RAC": ["C2", "C4", "H3"], "3/10RAC": ["I-HQ", "I1", "I2"],
    "GAACEO": ["E3", "I4"], "1CMMLE": ["GAB", "BEA"], "2CMMLE": ["C5", "I5"], "1CEPML": ["E2", "H2", "C5"],
}
# What each scenario's start has lost: strongpoints VM-controlled (9.0-G,
# with the Trench Zones of tracks' letters) and who came since.
LOST = {
    "A": set(),
    "B": {"GAB", "BEA", "AM"},
    "C": {"GAB", "BEA", "AM", "H7", "D1", "E4", "FRA", "D5", "D6"},
    "D": {"GAB", "BEA", "AM", "H7", "D1", "E4", "FRA", "D5", "D6", "H6", "OPE", "D2", "H1"},
}
ARRIVED = {"A": [], "B": ["5BPVN", "6BPC"], "C": ["5BPVN", "6BPC", "2/1RCP"], "D": ["5BPVN", "6BPC", "2/1RCP", "2BEP"]}
# reduced bands (units worn down by the battle so far), per scenario
WEAR = {"A": 0, "B": 6, "C": 14, "D": 22}
ORDER_DBP = ["E2", "C1", "H2", "H3", "D3", "E3", "C2", "H4", "EPE", "JUN", "E11", "C5", "E12", "C3", "C4", "H5", "E1", "D4", "C7", "C6", "D2", "H1", "H6", "E10"]


def scenario(s):
    cap = {k: 3 * n for k, n in SIZE.items()}
    out = {}
    pile = 0
    lost_units = []
    for fid, *_ in F:
        entries = list(A[fid])
        if fid in ARRIVED[s]:
            entries = ["?"] * len(entries)
        res = []
        for i, e in enumerate(entries):
            if e in LOST[s]:
                # the garrison of a lost strongpoint: killed, captured, or
                # got back wounded (9.0-C, the dot); a third fell back reduced
                res.append(None)
                lost_units.append((fid, i))
            else:
                res.append(e)
        out[fid] = res
    # place arrivals and fall-backs where there is room, central first
    for fid, res in out.items():
        for e in res:
            if e and e in cap:
                cap[e] -= 1
    k = 0
    for fid, res in out.items():
        for i, e in enumerate(res):
            if e == "?":
                while cap[ORDER_DBP[k % len(ORDER_DBP)]] <= 0 or ORDER_DBP[k % len(ORDER_DBP)] in LOST[s]:
                    k += 1
                sp = ORDER_DBP[k % len(ORDER_DBP)]
                cap[sp] -= 1
                res[i] = sp
                k += 1
    for n, (fid, i) in enumerate(lost_units):
        kind = [f for f in F if f[0] == fid][0][2]
        if kind != "inf" or n % 3 == 0:
            out[fid][i] = "gone"
        elif n % 3 == 1:
            out[fid][i] = "dot"
            pile += 1
        else:
            sp = next(p for p in ORDER_DBP if cap[p] > 0 and p not in LOST[s])
            cap[sp] -= 1
            out[fid][i] = "r:" + sp
    # wear: reduce the first units in the central strongpoints
    w = WEAR[s]
    for fid, res in out.items():
        for i, e in enumerate(res):
            if w and e in SIZE and e not in ISA and i % 2 == 1:
                res[i] = "r:" + e
                w -= 1
    return out, pile


def q(x):
    return '"' + x + '"'


if __name__ == "__main__":
    u = [open("tools/fgmap/units_header.toml").read().rstrip() + "\n"]
    for fid, name, kind, n, (full, red, mor), origin in F:
        zm = "" if kind != "art" else "zone_markers = %d\n" % (2 if n == 3 else 1)
        u.append("[[formation]]\nid = %s\nname = %s\nkind = %s\ncounters = %d\nstrength = [%d, %d]\nmorale = %d\norigin = %s\n%s"
                 % (q(fid), q(name), q(kind), n, full, red, mor, q(origin), zm))
    open("adjudicator/finalgamble/data/units.toml", "w").write(open("tools/fgmap/units_vm.toml").read().join(["\n".join(u), ""]) if False else "\n".join(u) + "\n" + open("tools/fgmap/units_vm.toml").read())
    sc = [open("tools/fgmap/scenarios_header.toml").read().rstrip() + "\n"]
    for s in "ABCD":
        setup, pile = scenario(s)
        wounded = (pile + 1) // 2
        sc.append("[scenario.%s.french]" % s)
        for fid, *_ in F:
            sc.append("%s = [%s]" % (q(fid), ", ".join(q(e) for e in setup[fid])))
        sc.append("\n[scenario.%s.wounded_square]\nunits = %d\nto_wounded = %d\nto_gone = %d\n" % (s, pile, wounded, pile - wounded))
    open("adjudicator/finalgamble/data/scenarios.toml", "w").write("\n".join(sc) + "\n" + open("tools/fgmap/scenarios_vm.toml").read())
