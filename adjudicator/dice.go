package adjudicator

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
)

// SeedSize is the length of a game's secret dice seed (DESIGN invariant 2).
const SeedSize = 32

// Roll is one die drawn from a game's stream. N is the counter value that
// produced the accepted draw (rejected draws before it are skipped).
type Roll struct {
	N     uint64 `json:"n"`
	Sides int    `json:"sides"`
	Value int    `json:"value"`
	// Secret marks a roll whose value is itself hidden information (one
	// that picks a card from a deck names the card): no view, log page or
	// export shows it to a player before the game ends (invariant 1),
	// and verify re-derives it like any other after the end.
	Secret bool `json:"secret,omitempty"`
}

// SameDraw reports whether two rolls are the same draw of the stream
// (counter, die and value), whatever their Secret marks.
func (r Roll) SameDraw(o Roll) bool {
	return r.N == o.N && r.Sides == o.Sides && r.Value == o.Value
}

// SecretRoller is implemented by dice that can mark a roll secret: the
// game's Stream and verify's record reader do.
type SecretRoller interface {
	RollSecret(sides int) int
}

// RollSecret rolls one die whose value is a secret (see Roll.Secret):
// with dice that cannot mark it (a test's fixed dice) it is a plain Roll.
func RollSecret(d Dice, sides int) int {
	if s, ok := d.(SecretRoller); ok {
		return s.RollSecret(sides)
	}
	return d.Roll(sides)
}

// ShownRolls are the rolls of e that viewer v may read while the game
// runs: all of them for the referee, the public ones for anyone else.
// Whether v may see the entry's dice at all is the caller's decision.
func (e Entry) ShownRolls(v Viewer) []Roll {
	if v.Referee {
		return e.Rolls
	}
	var out []Roll
	for _, r := range e.Rolls {
		if !r.Secret {
			out = append(out, r)
		}
	}
	return out
}

// Commitment is the SHA-256 of the seed, posted when the game starts.
func Commitment(seed []byte) string {
	h := sha256.Sum256(seed)
	return hex.EncodeToString(h[:])
}

// draw returns the 64-bit word for counter n: the first 8 bytes of
// HMAC-SHA256(seed, n as 8 big-endian bytes).
func draw(seed []byte, n uint64) uint64 {
	m := hmac.New(sha256.New, seed)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], n)
	m.Write(b[:])
	return binary.BigEndian.Uint64(m.Sum(nil)[:8])
}

// derive rolls one die of the given sides starting at counter n, with
// rejection sampling so that no value is favoured. It returns the roll and
// the next counter.
func derive(seed []byte, n uint64, sides int) (Roll, uint64) {
	s := uint64(sides)
	bound := (math.MaxUint64 / s) * s
	for {
		x := draw(seed, n)
		if x < bound {
			return Roll{N: n, Sides: sides, Value: int(x%s) + 1}, n + 1
		}
		n++
	}
}

// Stream is a game's dice stream from some counter on. It records what it
// draws so the log can store it.
type Stream struct {
	seed  []byte
	next  uint64
	drawn []Roll
}

// NewStream starts a stream at counter from.
func NewStream(seed []byte, from uint64) *Stream {
	return &Stream{seed: seed, next: from}
}

// Roll draws one die. Sides below 2 are a programming error in a title.
func (s *Stream) Roll(sides int) int {
	if sides < 2 {
		panic(fmt.Sprintf("dice: cannot roll a %d-sided die", sides))
	}
	r, n := derive(s.seed, s.next, sides)
	s.next = n
	s.drawn = append(s.drawn, r)
	return r.Value
}

// RollSecret draws one die marked secret (Roll.Secret).
func (s *Stream) RollSecret(sides int) int {
	v := s.Roll(sides)
	s.drawn[len(s.drawn)-1].Secret = true
	return v
}

// Next is the counter the next draw will start from.
func (s *Stream) Next() uint64 { return s.next }

// Drawn is every roll drawn so far.
func (s *Stream) Drawn() []Roll { return s.drawn }

// VerifyRolls re-derives a sequence of recorded rolls from the seed,
// starting at counter 0, in log order. It returns the first mismatch; a
// roll of fewer than 2 sides is one (it never panics on any record).
func VerifyRolls(seed []byte, entries []Entry) error {
	var n uint64
	for _, e := range entries {
		if e.DiceFrom < n {
			return fmt.Errorf("entry %d: dice counter goes back from %d to %d", e.Seq, n, e.DiceFrom)
		}
		n = e.DiceFrom
		for i, r := range e.Rolls {
			if r.Sides < 2 {
				// derive would divide by zero: a record is data, never trusted.
				return fmt.Errorf("entry %d roll %d: record says d%d=%d; a die has at least 2 sides", e.Seq, i+1, r.Sides, r.Value)
			}
			got, next := derive(seed, n, r.Sides)
			if !got.SameDraw(r) {
				return fmt.Errorf("entry %d roll %d: record says d%d=%d at counter %d, seed gives d%d=%d at counter %d",
					e.Seq, i+1, r.Sides, r.Value, r.N, got.Sides, got.Value, got.N)
			}
			n = next
		}
		if e.DiceTo != n {
			return fmt.Errorf("entry %d: dice counter ends at %d, record says %d", e.Seq, n, e.DiceTo)
		}
	}
	return nil
}
