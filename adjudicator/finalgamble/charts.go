package finalgamble

import (
	"fmt"
	"slices"
	"strconv"
)

// ChartsFile is charts.toml: the combat, supply, weather and airdrop
// charts (2.2, 3.5, 3.6, 5.3, 5.4, 7.4, 7.5, 8.1).
type ChartsFile struct {
	DefenseEffect struct {
		Prov
		MoraleColumn map[string]map[string]int `toml:"morale_column"`
		Columns      [][6]string               `toml:"columns"`
	} `toml:"defense_effect"`
	AssaultEffect struct {
		Prov
		MoraleColumn map[string]map[string]int `toml:"morale_column"`
		Hesitate     [][6]string               `toml:"hesitate"`
		Normal       [][6]string               `toml:"normal"`
		Surprise     [][6]string               `toml:"surprise"`
	} `toml:"assault_effect"`
	Mirrors struct {
		Prov
		VMDefenseEffect     string `toml:"vm_defense_effect"`
		FrenchAssaultEffect string `toml:"french_assault_effect"`
	} `toml:"mirrors"`
	FireRoll struct {
		Prov
		Below  int `toml:"below"`
		Below5 int `toml:"below_by_5"`
		Equal  int `toml:"equal"`
		Above  int `toml:"above"`
		Above5 int `toml:"above_by_5"`
	} `toml:"fire_roll"`
	SupplyHit struct {
		Prov
		Rows []SupplyRow `toml:"rows"`
	} `toml:"supply_hit"`
	Weather struct {
		Prov
		Dry     [11]string `toml:"dry"`
		Rain    [11]string `toml:"rain"`
		Monsoon [11]string `toml:"monsoon"`
	} `toml:"weather"`
	Airdrop struct {
		Prov
		SupplyAdd map[string]int `toml:"supply_add"`
		Slots     [6][6]Slot     `toml:"slots"`
	} `toml:"airdrop"`
	Rats struct {
		Prov
		Rows []SupplyRow `toml:"rows"`
	} `toml:"rats"`
	FuelDeduction struct {
		Prov
		ByTruck         []int          `toml:"by_truck"`
		WeatherModifier map[string]int `toml:"weather_modifier"`
		AmmoCap         map[string]int `toml:"ammo_cap"`
	} `toml:"fuel_deduction"`
}

// SupplyRow is a die's row of a supply table: what is deducted.
type SupplyRow struct {
	Die      int `toml:"die"`
	Food     int `toml:"food"`
	Ammo     int `toml:"ammo"`
	Fuel     int `toml:"fuel"`
	Medicine int `toml:"medicine"`
}

// Slot is one slot of the Airdrop Chart (5.4).
type Slot struct {
	TD      int  `toml:"td"`
	Rain    bool `toml:"rain"`
	Monsoon bool `toml:"monsoon"`
	Green   bool `toml:"green"`
	White   bool `toml:"white"`
}

var (
	defenseResults = []string{"surprise", "normal", "loss", "loss_hesitate", "abort", "loss_abort"}
	assaultResults = []string{"none", "choice", "loss_retreat", "2loss_retreat"}
)

func (c *checker) charts() {
	f := "charts.toml"
	ch := &c.d.Charts
	for _, p := range []struct {
		key  string
		mark string
	}{{"defense_effect", ch.DefenseEffect.Provenance}, {"assault_effect", ch.AssaultEffect.Provenance}, {"mirrors", ch.Mirrors.Provenance},
		{"fire_roll", ch.FireRoll.Provenance}, {"supply_hit", ch.SupplyHit.Provenance}, {"weather", ch.Weather.Provenance},
		{"airdrop", ch.Airdrop.Provenance}, {"rats", ch.Rats.Provenance}, {"fuel_deduction", ch.FuelDeduction.Provenance}} {
		c.l.Provenance(f, []any{p.key, "provenance"}, p.key, p.mark)
	}
	table := func(key, sub string, cols [][6]string, legal []string) {
		for i, col := range cols {
			for j, r := range col {
				if !slices.Contains(legal, r) {
					c.errf(f, []any{key, sub, i}, key, fmt.Sprintf("%s[%d][%d]", sub, i, j), "%q: the results are %v", r, legal)
				}
			}
		}
	}
	columns := func(key string, mc map[string]map[string]int, n int, rows []string) {
		for _, row := range rows {
			m, ok := mc[row]
			if !ok {
				c.errf(f, []any{key, "morale_column"}, key, "morale_column", "no heading row %q", row)
				continue
			}
			for mor, col := range m {
				if v, err := strconv.Atoi(mor); err != nil || v < 1 || v > 6 || col < 0 || col >= n {
					c.errf(f, []any{key, "morale_column", row}, key, "morale_column."+row, "morale %s to column %d: morale 1-6, columns 0-%d", mor, col, n-1)
				}
			}
		}
	}
	de := ch.DefenseEffect
	table("defense_effect", "columns", de.Columns, defenseResults)
	columns("defense_effect", de.MoraleColumn, len(de.Columns), []string{"none", "barrage"})
	ae := ch.AssaultEffect
	if len(ae.Hesitate) != len(ae.Normal) || len(ae.Normal) != len(ae.Surprise) {
		c.errf(f, []any{"assault_effect"}, "assault_effect", "normal", "the Hesitate, Normal and Surprise columns have %d, %d, %d morale columns: the same", len(ae.Hesitate), len(ae.Normal), len(ae.Surprise))
	}
	table("assault_effect", "hesitate", ae.Hesitate, assaultResults)
	table("assault_effect", "normal", ae.Normal, assaultResults)
	table("assault_effect", "surprise", ae.Surprise, assaultResults)
	columns("assault_effect", ae.MoraleColumn, len(ae.Normal), []string{"fresh", "shaken"})
	for _, m := range []struct{ k, v string }{{"vm_defense_effect", ch.Mirrors.VMDefenseEffect}, {"french_assault_effect", ch.Mirrors.FrenchAssaultEffect}} {
		if m.v != "defense_effect" && m.v != "assault_effect" {
			c.errf(f, []any{"mirrors", m.k}, "mirrors", m.k, "%q: defense_effect or assault_effect", m.v)
		}
	}
	dice := func(key string, rows []SupplyRow) {
		seen := map[int]bool{}
		for i, r := range rows {
			if r.Die < 1 || r.Die > 6 || seen[r.Die] || r.Food < 0 || r.Ammo < 0 || r.Fuel < 0 || r.Medicine < 0 {
				c.errf(f, []any{key, "rows", i}, key, fmt.Sprintf("rows[%d]", i), "die %d: each of 1-6 once, deductions not negative", r.Die)
			}
			seen[r.Die] = true
		}
		if len(seen) != 6 {
			c.errf(f, []any{key, "rows"}, key, "rows", "%d rows: one a die face", len(seen))
		}
	}
	dice("supply_hit", ch.SupplyHit.Rows)
	dice("rats", ch.Rats.Rows)
	for _, w := range []struct {
		k   string
		row [11]string
	}{{"dry", ch.Weather.Dry}, {"rain", ch.Weather.Rain}, {"monsoon", ch.Weather.Monsoon}} {
		for i, r := range w.row {
			if n, err := strconv.Atoi(r); r != "all" && r != "foul" && (err != nil || n < 1 || n > 36) {
				c.errf(f, []any{"weather", w.k}, "weather", fmt.Sprintf("%s[%d]", w.k, i), "%q (a roll of %d): all, foul or a number of aborts", r, i+2)
			}
		}
	}
	white, rain, monsoon := 0, 0, 0
	tds := map[int]bool{}
	for i, row := range ch.Airdrop.Slots {
		for j, s := range row {
			if s.White {
				white++
				if i != 0 {
					c.errf(f, []any{"airdrop", "slots", i}, "airdrop", fmt.Sprintf("slots[%d][%d]", i, j), "a white slot is at the top of the chart (5.4)")
				}
			}
			if s.Rain {
				rain++
			}
			if s.Monsoon {
				monsoon++
			}
			if s.TD != 0 {
				if tds[s.TD] || s.TD < 1 {
					c.errf(f, []any{"airdrop", "slots", i}, "airdrop", fmt.Sprintf("slots[%d][%d]", i, j), "T/D Zones number %d twice or below 1", s.TD)
				}
				tds[s.TD] = true
			}
		}
	}
	if white != 2 || rain != 1 || monsoon != 3 {
		c.errf(f, []any{"airdrop", "slots"}, "airdrop", "slots", "%d white, %d Rain, %d Monsoon slots: 5.4 has two white, one Rain and three Monsoon", white, rain, monsoon)
	}
	for _, k := range []string{"food", "fuel", "ammo", "medicine"} {
		if ch.Airdrop.SupplyAdd[k] < 1 {
			c.errf(f, []any{"airdrop", "supply_add"}, "airdrop", "supply_add", "no %s: each Supply Marker adds to its track (5.4)", k)
		}
	}
	if n := len(ch.FuelDeduction.ByTruck); n == 0 || n < c.trackMax("truck") {
		c.errf(f, []any{"fuel_deduction", "by_truck"}, "fuel_deduction", "by_truck", "%d slots: one for each Truck slot 1-%d (tracks.toml)", n, c.trackMax("truck"))
	}
}

func (c *checker) trackMax(id string) int {
	for _, t := range c.d.Tracks.Tracks {
		if t.ID == id {
			return t.Max
		}
	}
	return 0
}
