package adjudicator

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// What Verify checks, named in each Finding.
const (
	CheckRecord     = "record"     // a field of the record or of an entry is missing or malformed
	CheckSeq        = "seq"        // sequence numbers are not 1..n in order
	CheckDice       = "dice"       // a roll or a dice counter is not what the seed gives
	CheckCommitment = "commitment" // the seed does not hash to the commitment
	CheckReplay     = "replay"     // the title's rules do not accept the log as recorded
	CheckResult     = "result"     // a recorded result is not what the rules and the log give
	CheckUnfinished = "unfinished" // the game has not ended: not verifiable until the end
)

// Finding is one thing Verify found wrong with a record. Seq is the entry
// it concerns (0: the record as a whole).
type Finding struct {
	Seq   int
	Check string
	Text  string
}

func (f Finding) String() string {
	if f.Seq > 0 {
		return fmt.Sprintf("entry %d: %s", f.Seq, f.Text)
	}
	return f.Text
}

// ParseRecord decodes a game record as `umpire export` writes it. Unknown
// fields and trailing data are refused: a verifier reads what it checks.
func ParseRecord(b []byte) (Record, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return Record{}, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Record{}, fmt.Errorf("data after the record's closing brace")
	}
	return rec, nil
}

// Verify checks a game record and trusts none of it (DESIGN invariant 2,
// 3): every field; sequence numbers 1..n; dice counters that run on from
// 0 without a gap or a step back; every roll re-derived from the seed, and
// the seed against its commitment; the log replayed in order through the
// title's rules, as it was played (an undo takes back exactly the orders
// the engine would have let it), each order accepted and drawing exactly
// the dice recorded; the result recorded on the order that ended the game
// the one the rules give after it, and an end entry one a moderator (the
// referee side) could have made; and finally Load's own replay agreeing.
// It returns every finding; none means the record is a finished game whose
// every roll and result is proven.
//
// An unfinished game always gets a CheckUnfinished finding: it is not
// verifiable until the end. Players cannot check its dice, because the
// seed stays secret until the game ends. A record that holds the seed (an
// operator's export) is still checked as far as it goes: fields, sequence,
// counters, rolls, commitment and the replay of the log; what cannot be
// checked yet is the game's result, and anyone holding that record can
// predict the game's next rolls, so it must not reach the players. A
// record without a seed is checked against its recorded rolls only.
//
// r may be nil (an unknown title): the log is then not replayed, which is
// itself a finding.
func Verify(r Rules, rec Record) (fs []Finding) {
	v := &verifier{r: r, rec: rec}
	defer func() {
		if p := recover(); p != nil {
			v.add(v.at, CheckReplay, "the title's rules failed (panic: %v) replaying this entry; the record cannot be verified", p)
			fs = v.fs
		}
	}()
	v.header()
	v.entries()
	v.dice()
	v.replay()
	return v.fs
}

type verifier struct {
	r     Rules
	rec   Record
	fs    []Finding
	at    int // entry being replayed, for a panic's finding
	sides map[Side]bool
	seed  bool // the record holds a well-formed seed
}

func (v *verifier) add(seq int, check, format string, args ...any) {
	v.fs = append(v.fs, Finding{Seq: seq, Check: check, Text: fmt.Sprintf(format, args...)})
}

// header checks the record's own fields.
func (v *verifier) header() {
	rec := v.rec
	if rec.ID == "" {
		v.add(0, CheckRecord, "the record has no game id")
	}
	if rec.Title == "" {
		v.add(0, CheckRecord, "the record names no title")
	}
	if rec.Scenario == "" {
		v.add(0, CheckRecord, "the record names no scenario")
	}
	if rec.Created.IsZero() {
		v.add(0, CheckRecord, "the record has no creation time")
	}
	v.sides = map[Side]bool{}
	if v.r != nil {
		info := v.r.Info()
		if rec.Title != "" && rec.Title != info.ID {
			v.add(0, CheckRecord, "the record's title is %q but it is checked with the rules of %q", rec.Title, info.ID)
		}
		// A game cancelled in its lobby (ended before any order, some
		// seats never taken) has no player for those sides.
		cancelled := len(rec.Entries) > 0 && rec.Entries[len(rec.Entries)-1].Kind == KindEnd
		for _, e := range rec.Entries {
			if e.Kind != KindSeat && e.Kind != KindEnd && e.Kind != KindDecline {
				cancelled = false
			}
		}
		for _, s := range info.Sides {
			v.sides[s] = true
			if rec.Seats[s] == "" && !cancelled {
				v.add(0, CheckRecord, "no player holds the %s seat; every side of %s has one (%s)", s, info.ID, sideNames(info.Sides))
			}
		}
		for s := range rec.Seats {
			if !info.HasSide(s) {
				v.add(0, CheckRecord, "seat %q is not a side of %s; its sides are %s", s, info.ID, sideNames(info.Sides))
			}
		}
	}
	c, err := hex.DecodeString(rec.Commitment)
	if err != nil || len(c) != 32 || rec.Commitment != strings.ToLower(rec.Commitment) {
		v.add(0, CheckRecord, "the commitment %q is not a SHA-256 in 64 lower-case hex digits", clipText(rec.Commitment, 80))
	}
	switch {
	case len(rec.Seed) == SeedSize:
		v.seed = true
		if got := Commitment(rec.Seed); got != rec.Commitment {
			v.add(0, CheckCommitment, "the seed hashes to %s, but the record committed %s: this is not the seed the game was played with", got, clipText(rec.Commitment, 80))
		}
	case len(rec.Seed) == 0:
		// An unfinished game's record may lack the secret seed: the
		// unfinished finding says what that leaves unchecked.
	default:
		v.add(0, CheckRecord, "the seed has %d bytes, not %d", len(rec.Seed), SeedSize)
	}
}

func sideNames(sides []Side) string {
	var s []string
	for _, x := range sides {
		s = append(s, string(x))
	}
	return strings.Join(s, ", ")
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// entries checks each entry's fields and the sequence numbers.
func (v *verifier) entries() {
	for i, e := range v.rec.Entries {
		seq := i + 1
		prev := 0
		if i > 0 {
			prev = v.rec.Entries[i-1].Seq
		}
		switch {
		case e.Seq == prev+1:
		case i == 0:
			v.add(seq, CheckSeq, "the log starts at sequence number %d: it starts at 1 and runs 1, 2, 3 ... with no gap or repeat", e.Seq)
		case e.Seq == prev:
			v.add(seq, CheckSeq, "sequence number %d is repeated: sequence numbers run 1, 2, 3 ... with no gap or repeat", e.Seq)
		case e.Seq < prev:
			v.add(seq, CheckSeq, "sequence number %d comes after %d: sequence numbers only increase, by 1", e.Seq, prev)
		default:
			v.add(seq, CheckSeq, "sequence number %d comes after %d: entries %d to %d are missing", e.Seq, prev, prev+1, e.Seq-1)
		}
		if e.Actor == "" {
			v.add(seq, CheckRecord, "no actor: every entry names who made it")
		}
		if e.Time.IsZero() {
			v.add(seq, CheckRecord, "no time")
		}
		if e.DiceTo < e.DiceFrom {
			v.add(seq, CheckDice, "dice counter runs backwards, from %d to %d", e.DiceFrom, e.DiceTo)
		}
		if len(e.Undoes) > 0 && e.Kind != KindUndo && e.Kind != KindModUndo {
			v.add(seq, CheckRecord, "a %s entry cannot undo entries (undoes %v)", e.Kind, e.Undoes)
		}
		if len(e.Rolls) > 0 && e.Kind != KindOrder && e.Kind != KindOverride {
			v.add(seq, CheckDice, "a %s entry cannot roll dice (%d roll(s) recorded)", e.Kind, len(e.Rolls))
		}
		if e.Kind != KindOrder && e.Kind != KindOverride && e.DiceTo != e.DiceFrom {
			v.add(seq, CheckDice, "a %s entry draws no dice, but its counter runs from %d to %d", e.Kind, e.DiceFrom, e.DiceTo)
		}
		if e.Result != nil && e.Kind != KindOrder && e.Kind != KindOverride && !ends(e.Kind) {
			v.add(seq, CheckResult, "a %s entry cannot carry a result", e.Kind)
		}
		switch e.Kind {
		case KindOrder:
			if e.Side == Referee || (v.r != nil && !v.sides[e.Side]) {
				v.add(seq, CheckRecord, "an order by side %q: orders are by one of the title's sides (%s); the referee's are overrides", e.Side, v.sideList())
			}
		case KindOverride:
			if e.Side != Referee {
				v.add(seq, CheckRecord, "an override by side %q: overrides are by the referee side", e.Side)
			}
		case KindUndo:
			if v.r != nil && !v.sides[e.Side] {
				v.add(seq, CheckRecord, "an undo by side %q: a player undoes for one of the sides (%s)", e.Side, v.sideList())
			}
			if len(e.Undoes) != 1 {
				v.add(seq, CheckRecord, "a player's undo takes back exactly one order, this one lists %d", len(e.Undoes))
			}
		case KindModUndo:
			if e.Side != Referee {
				v.add(seq, CheckRecord, "a moderator's undo by side %q: it is made as the referee", e.Side)
			}
			if len(e.Undoes) == 0 {
				v.add(seq, CheckRecord, "a moderator's undo that undoes nothing")
			}
		case KindEnd:
			if e.Side != Referee {
				v.add(seq, CheckResult, "an end entry by side %q: only a moderator ends a game, as the referee side", e.Side)
			}
			if e.Result == nil {
				v.add(seq, CheckResult, "an end entry without a result")
			} else {
				if e.Result.Reason == "" {
					v.add(seq, CheckResult, "an end entry whose result gives no reason")
				}
				if e.Result.Winner != "" && v.r != nil && !v.sides[e.Result.Winner] {
					v.add(seq, CheckResult, "an end entry names winner %q, not one of the sides (%s) nor none", e.Result.Winner, v.sideList())
				}
			}
		case KindResign:
			// A player resigns for the seat they hold (seats do not change
			// once the game is over, so the record's are theirs).
			if v.r != nil && !v.sides[e.Side] {
				v.add(seq, CheckRecord, "a resignation by side %q, not one of the sides (%s)", e.Side, v.sideList())
			} else if u := v.rec.Seats[e.Side]; u != e.Actor {
				v.add(seq, CheckRecord, "%s resigned for %s, whose seat @%s holds: only a side's player resigns for it", e.Actor, e.Side, u)
			}
			switch {
			case e.Result == nil:
				v.add(seq, CheckResult, "a resignation without a result")
			case v.r != nil && e.Result.Winner != ResignWinner(v.r.Info().Sides, e.Side):
				v.add(seq, CheckResult, "%s resigned, but the result names winner %q, not %q", e.Side, e.Result.Winner, ResignWinner(v.r.Info().Sides, e.Side))
			}
			if seq != len(v.rec.Entries) {
				v.add(seq, CheckRecord, "entries follow a resignation: it ends the game")
			}
		case KindDecline:
			// Only the member a seat was offered to declines it, before
			// anyone holds it.
			if v.r != nil && !v.sides[e.Side] {
				v.add(seq, CheckRecord, "a decline for side %q, not one of the sides (%s)", e.Side, v.sideList())
			}
			if off := v.rec.Options[OfferOption(e.Side)]; off == "" || off != e.Actor || e.Action != e.Actor {
				v.add(seq, CheckRecord, "%s declined the %s seat, which was offered to %q", e.Actor, e.Side, off)
			}
		case KindSeat:
			if v.r != nil && !v.sides[e.Side] {
				v.add(seq, CheckRecord, "a seat entry for side %q, not one of the sides (%s)", e.Side, v.sideList())
			}
			if e.Action == "" {
				v.add(seq, CheckRecord, "a seat entry that seats nobody")
			}
		default:
			v.add(seq, CheckRecord, "unknown kind %q; kinds are %s, %s, %s, %s, %s, %s, %s, %s", clipText(e.Kind, 40), KindOrder, KindOverride, KindUndo, KindModUndo, KindEnd, KindSeat, KindResign, KindDecline)
		}
	}
	// The seats the record holds are those the log's seat entries left.
	last := map[Side]string{}
	for _, e := range v.rec.Entries {
		if e.Kind == KindSeat {
			last[e.Side] = e.Action
		}
	}
	for s, u := range last {
		if v.rec.Seats[s] != u {
			v.add(0, CheckRecord, "the record seats %q as %s, but the log's last seat entry for %s seats %q", v.rec.Seats[s], s, s, u)
		}
	}
}

func (v *verifier) sideList() string {
	var s []string
	for x := range v.sides {
		s = append(s, string(x))
	}
	sort.Strings(s)
	return strings.Join(s, ", ")
}

// dice checks the counters (from 0, each entry starting where the one
// before ended) and, with the seed, every roll.
func (v *verifier) dice() {
	var n uint64
	for i, e := range v.rec.Entries {
		seq := i + 1
		switch {
		case e.DiceFrom < n:
			v.add(seq, CheckDice, "the dice counter goes back from %d to %d: dice would be drawn twice", n, e.DiceFrom)
		case e.DiceFrom > n:
			v.add(seq, CheckDice, "the dice counter jumps from %d to %d: counters %d to %d were drawn and not recorded", n, e.DiceFrom, n, e.DiceFrom-1)
		}
		c := e.DiceFrom
		for j, r := range e.Rolls {
			if r.Sides < 2 {
				v.add(seq, CheckDice, "roll %d is a d%d: a die has at least 2 sides", j+1, r.Sides)
				continue
			}
			if r.Value < 1 || r.Value > r.Sides {
				v.add(seq, CheckDice, "roll %d is %d on a d%d: a die shows 1 to %d", j+1, r.Value, r.Sides, r.Sides)
			}
			if r.N < c || r.N >= e.DiceTo {
				v.add(seq, CheckDice, "roll %d is at counter %d, outside this entry's counters %d to %d", j+1, r.N, c, e.DiceTo)
			}
			if r.N >= c {
				c = r.N + 1
			}
		}
		if len(e.Rolls) == 0 && e.DiceTo != e.DiceFrom {
			v.add(seq, CheckDice, "no roll recorded, but the dice counter runs from %d to %d", e.DiceFrom, e.DiceTo)
		}
		if e.DiceTo > n {
			n = e.DiceTo
		}
	}
	if v.seed {
		if err := VerifyRolls(v.rec.Seed, v.rec.Entries); err != nil {
			v.add(0, CheckDice, "dice mismatch: the rolls are not those of the seed: %v", err)
		}
	}
}

// recorded serves the rolls an entry recorded to the rules, in order, and
// notes any die the rules ask for that the record does not hold.
type recorded struct {
	rolls []Roll
	i     int
	bad   string
}

func (d *recorded) Roll(sides int) int { return d.roll(sides, false) }

// RollSecret serves a die the rules roll as a secret: the record must
// mark it so, or a log page would have shown it before the end.
func (d *recorded) RollSecret(sides int) int { return d.roll(sides, true) }

func (d *recorded) roll(sides int, secret bool) int {
	defer func() { d.i++ }()
	if d.i >= len(d.rolls) {
		if d.bad == "" {
			d.bad = fmt.Sprintf("the rules roll a d%d as die %d, but only %d roll(s) are recorded", sides, d.i+1, len(d.rolls))
		}
		return 1
	}
	r := d.rolls[d.i]
	if r.Sides != sides || r.Value < 1 || r.Value > sides {
		if d.bad == "" {
			d.bad = fmt.Sprintf("the rules roll a d%d as die %d, the record has %d on a d%d", sides, d.i+1, r.Value, r.Sides)
		}
		return 1
	}
	if r.Secret != secret && d.bad == "" {
		if secret {
			d.bad = fmt.Sprintf("the rules roll die %d (a d%d) as a secret, the record has it public", d.i+1, sides)
		} else {
			d.bad = fmt.Sprintf("the rules roll die %d (a d%d) in public, the record marks it secret", d.i+1, sides)
		}
	}
	return r.Value
}

// replay plays the log through the rules as it happened.
func (v *verifier) replay() {
	if v.r == nil {
		v.add(0, CheckReplay, "unknown title %q: the log cannot be replayed and its result cannot be checked", clipText(v.rec.Title, 40))
		return
	}
	state, err := SetupOf(v.r, v.rec)
	if err != nil {
		v.add(0, CheckReplay, "the game cannot be set up: %v", err)
		return
	}
	initial := state
	undone := map[int]bool{}
	var ended *Result // an end entry's result
	// effective lists the orders and overrides taken and not undone, in
	// log order.
	var effective []int
	isOver := func() bool {
		done, _ := over(v.r, state)
		return ended != nil || done
	}
	apply := func(st State, e Entry) (State, []Event, string) {
		d := &recorded{rolls: e.Rolls}
		ns, evs, err := v.r.Apply(st, e.Side, e.Action, d)
		if err != nil {
			return st, nil, fmt.Sprintf("the rules refuse %s's order %q: %v", e.Side, clipText(e.Action, 200), err)
		}
		if d.bad == "" && d.i < len(d.rolls) {
			d.bad = fmt.Sprintf("the rules roll %d die(s), the record has %d", d.i, len(d.rolls))
		}
		if d.bad != "" {
			return st, nil, d.bad
		}
		return ns, evs, ""
	}
	for i, e := range v.rec.Entries {
		seq := i + 1
		v.at = seq
		switch e.Kind {
		case KindOrder, KindOverride:
			if isOver() {
				v.add(seq, CheckReplay, "an order after the game was over")
				continue
			}
			ns, evs, bad := apply(state, e)
			if bad != "" {
				v.add(seq, CheckReplay, "%s", bad)
				continue
			}
			reveals := false
			for _, ev := range evs {
				reveals = reveals || ev.Reveals
			}
			if reveals != e.Reveals {
				v.add(seq, CheckRecord, "the record says reveals=%v, the rules say %v (an order that reveals cannot be undone by its player)", e.Reveals, reveals)
			}
			var want *Result
			if done, res := over(v.r, ns); done {
				want = res
			}
			if !sameResult(e.Result, want) {
				v.add(seq, CheckResult, "the record gives result %s, but after this order the rules give %s", resultString(e.Result), resultString(want))
			}
			state = ns
			effective = append(effective, seq)
		case KindUndo, KindModUndo:
			if ended != nil {
				v.add(seq, CheckReplay, "an undo after a moderator ended the game")
				continue
			}
			if e.Kind == KindUndo && isOver() {
				v.add(seq, CheckReplay, "a player's undo after the game was over")
				continue
			}
			if len(e.Undoes) > len(effective) {
				v.add(seq, CheckReplay, "undoes %d order(s), but only %d are in effect", len(e.Undoes), len(effective))
				continue
			}
			// An undo takes back the last orders in effect, latest first.
			tail := effective[len(effective)-len(e.Undoes):]
			ok := true
			for j, s := range e.Undoes {
				if s != tail[len(tail)-1-j] {
					ok = false
				}
			}
			if !ok {
				v.add(seq, CheckReplay, "undoes entries %v, but the last order(s) in effect are %v: an undo takes back the latest orders first", e.Undoes, reversed(tail))
				continue
			}
			if e.Kind == KindUndo && len(e.Undoes) == 1 {
				o := v.rec.Entries[e.Undoes[0]-1]
				switch {
				case o.Side != e.Side:
					v.add(seq, CheckReplay, "side %s undoes entry %d, an order of %s: a player undoes only their own", e.Side, o.Seq, o.Side)
				case len(o.Rolls) > 0:
					v.add(seq, CheckReplay, "a player undoes entry %d, which rolled dice: only a moderator may", o.Seq)
				case o.Reveals:
					v.add(seq, CheckReplay, "a player undoes entry %d, which revealed hidden information: only a moderator may", o.Seq)
				}
			}
			for _, s := range e.Undoes {
				undone[s] = true
			}
			effective = effective[:len(effective)-len(e.Undoes)]
			// The state is the setup with the orders still in effect.
			state = initial
			for _, s := range effective {
				ns, _, bad := apply(state, v.rec.Entries[s-1])
				if bad != "" {
					v.add(seq, CheckReplay, "after this undo, entry %d no longer replays: %s", s, bad)
				}
				state = ns
			}
		case KindEnd:
			if isOver() {
				v.add(seq, CheckResult, "an end entry after the game was over")
				continue
			}
			if e.Result != nil {
				ended = e.Result
			} else {
				ended = &Result{}
			}
			if e.Result != nil && e.Result.Winner != "" && v.rec.Seats[e.Result.Winner] == e.Actor {
				v.add(seq, CheckResult, "@%s ended the game naming their own side %s the winner: a game is ended by a neutral moderator or by the rules", e.Actor, e.Result.Winner)
			}
			if e.Result != nil && e.Action != e.Result.Reason {
				v.add(seq, CheckResult, "the end entry's reason %q differs from its result's %q", clipText(e.Action, 80), clipText(e.Result.Reason, 80))
			}
		case KindResign:
			if isOver() {
				v.add(seq, CheckResult, "a resignation after the game was over")
				continue
			}
			if e.Result != nil {
				ended = e.Result
			} else {
				ended = &Result{}
			}
		case KindSeat, KindDecline:
			if isOver() {
				v.add(seq, CheckReplay, "a seat change after the game was over")
			}
		}
	}
	v.at = 0
	// Load, as the bot replays a game (with the seed's dice), must agree.
	if v.seed {
		g, err := Load(v.r, v.rec, nil)
		switch {
		case err != nil && len(v.fs) == 0:
			v.add(0, CheckReplay, "the log does not load: %v", err)
		case err == nil:
			if eq, err := Equal(g.State, state); err != nil || !eq {
				v.add(0, CheckReplay, "the state Load replays differs from the one the log gives in order (%v)", err)
			}
		}
	}
	if !isOver() {
		p := v.r.Prompt(state)
		checked := "its fields, sequence, dice counters and the replay of its log with the recorded rolls"
		if v.seed {
			checked = "its fields, sequence, dice counters, every roll against the seed, the seed against its commitment and the replay of its log"
		}
		unchecked := "the seed is not in the record (it stays secret until the end), so no roll can be checked against the commitment, and there is no result yet"
		if v.seed {
			unchecked = "there is no result yet; this record holds the secret seed (an operator's export), from which anyone can foresee the game's next rolls: it must not reach the players before the end"
		}
		v.add(0, CheckUnfinished, "game %s is unfinished (%s; awaiting %s): not verifiable until the end, when the seed is revealed. Checked: %s. Not checked: %s",
			v.rec.ID, p.Phase, sideNames(p.Awaiting), checked, unchecked)
	}
}

func reversed(s []int) []int {
	out := make([]int, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}

func sameResult(a, b *Result) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}

func resultString(r *Result) string {
	if r == nil {
		return "none (the game goes on)"
	}
	w := "no winner"
	if r.Winner != "" {
		w = string(r.Winner) + " wins"
	}
	return fmt.Sprintf("%q (%s)", r.Reason, w)
}

// FinalResult is how a verified record says its game ended: the end
// entry's result, else that of the last order in effect that carries one.
func FinalResult(rec Record) *Result {
	undone := map[int]bool{}
	for _, e := range rec.Entries {
		for _, s := range e.Undoes {
			undone[s] = true
		}
	}
	for i := len(rec.Entries) - 1; i >= 0; i-- {
		e := rec.Entries[i]
		if e.Result != nil && (e.Kind == KindEnd || !undone[e.Seq]) {
			return e.Result
		}
	}
	return nil
}
