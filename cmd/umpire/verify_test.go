package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
)

// Issue 12 item 5: `umpire verify` trusts nothing. A finished game's record
// passes; each kind of tampering, and an unfinished game, exits non-zero
// with a message that says what is wrong.
func TestVerify_RefusesWhatItCannotProve(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "ia.db")
	if _, errs, code := umpire(t, "play", "--seed", "55", "--db", db, "--out", filepath.Join(dir, "img"), "--script", "testdata/initial-assault.txt"); code != 0 {
		t.Fatal(errs)
	}
	out, _, code := umpire(t, "export", "--db", db)
	if code != 0 {
		t.Fatal("export")
	}
	var rec adjudicator.Record
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatal(err)
	}
	verify := func(r adjudicator.Record) (string, string, int) {
		b, _ := json.Marshal(r)
		path := filepath.Join(dir, "rec.json")
		os.WriteFile(path, b, 0o600)
		return umpire(t, "verify", path)
	}
	if vout, verr, code := verify(rec); code != 0 || !strings.HasPrefix(vout, "OK:") || !strings.Contains(vout, "french wins") {
		t.Fatalf("a finished game's record: %d %s %s", code, vout, verr)
	}
	fresh := func() adjudicator.Record {
		var r adjudicator.Record
		json.Unmarshal([]byte(out), &r)
		return r
	}
	firstRoll := func(r adjudicator.Record) *adjudicator.Roll {
		for i := range r.Entries {
			if len(r.Entries[i].Rolls) > 0 {
				return &r.Entries[i].Rolls[0]
			}
		}
		t.Fatal("the game rolled no die")
		return nil
	}
	for _, c := range []struct {
		name, want string
		tamper     func(r *adjudicator.Record)
	}{
		{"zero-sided roll", "a die has at least 2 sides", func(r *adjudicator.Record) { firstRoll(*r).Sides = 0 }},
		{"unfinished game", "not verifiable until the end", func(r *adjudicator.Record) { r.Entries = r.Entries[:25] }},
		{"forged result", "after this order the rules give", func(r *adjudicator.Record) {
			for i := range r.Entries {
				if r.Entries[i].Result != nil {
					r.Entries[i].Result.Winner = "vm"
				}
			}
		}},
		{"forged end entry", "only a moderator ends a game", func(r *adjudicator.Record) {
			e := r.Entries[19]
			r.Entries = append(r.Entries[:20], adjudicator.Entry{Seq: 21, Kind: adjudicator.KindEnd, Actor: "bob", Side: "vm",
				Action: "x", Time: e.Time, DiceFrom: e.DiceTo, DiceTo: e.DiceTo, Result: &adjudicator.Result{Winner: "vm", Reason: "x"}})
		}},
		{"repeated sequence number", "sequence number 9 is repeated", func(r *adjudicator.Record) { r.Entries[9].Seq = 9 }},
		{"changed roll", "dice mismatch: the rolls are not those of the seed", func(r *adjudicator.Record) {
			x := firstRoll(*r)
			x.Value = x.Value%x.Sides + 1
		}},
		{"wrong seed", "commitment: the seed hashes to", func(r *adjudicator.Record) { r.Seed[0] ^= 1 }},
	} {
		r := fresh()
		c.tamper(&r)
		vout, verr, code := verify(r)
		if code != 1 || vout != "" || !strings.Contains(verr, c.want) || !strings.Contains(verr, "does not verify") {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and %q", c.name, code, vout, verr, c.want)
		}
	}
}
