package adjudicator

import (
	"bytes"
	"testing"
)

var testSeed = bytes.Repeat([]byte{7}, SeedSize)

// Invariant 2: rolls are uniform. 10^6 d6 rolls drawn from five seeds;
// the five chi-squares (5 degrees of freedom each) sum to a chi-square with
// 25 degrees of freedom, whose 0.999 quantile is 52.62.
func TestDice_ChiSquareD6(t *testing.T) {
	n := 200_000
	sum := 0.0
	for k := byte(1); k <= 5; k++ {
		s := NewStream(bytes.Repeat([]byte{k}, SeedSize), 0)
		var counts [7]int
		for i := 0; i < n; i++ {
			counts[s.Roll(6)]++
		}
		exp := float64(n) / 6
		for v := 1; v <= 6; v++ {
			d := float64(counts[v]) - exp
			sum += d * d / exp
		}
	}
	if sum > 52.62 {
		t.Fatalf("chi-square %.2f over %d rolls exceeds 52.62 (25 d.o.f., p=0.001)", sum, 5*n)
	}
}

// Rejection sampling: a die whose sides do not divide 2^64 stays in range
// and uniform (d3 checked, 2 degrees of freedom, 13.82 at 0.999).
func TestDice_RejectionRange(t *testing.T) {
	s := NewStream(testSeed, 99)
	var counts [4]int
	for i := 0; i < 300_000; i++ {
		v := s.Roll(3)
		if v < 1 || v > 3 {
			t.Fatalf("d3 gave %d", v)
		}
		counts[v]++
	}
	exp := 100_000.0
	chi := 0.0
	for v := 1; v <= 3; v++ {
		d := float64(counts[v]) - exp
		chi += d * d / exp
	}
	if chi > 13.82 {
		t.Fatalf("chi-square %.2f: %v", chi, counts[1:])
	}
}

// The same seed and counter give the same roll; another seed another
// stream.
func TestDice_Deterministic(t *testing.T) {
	a, b := NewStream(testSeed, 5), NewStream(testSeed, 5)
	other := NewStream(bytes.Repeat([]byte{8}, SeedSize), 5)
	same := 0
	for i := 0; i < 100; i++ {
		x, y, z := a.Roll(6), b.Roll(6), other.Roll(6)
		if x != y {
			t.Fatalf("roll %d differs for the same seed and counter", i)
		}
		if x == z {
			same++
		}
	}
	if same > 40 {
		t.Fatalf("another seed matched %d of 100 rolls", same)
	}
}

func TestDice_VerifyRollsDetectsTampering(t *testing.T) {
	s := NewStream(testSeed, 0)
	for i := 0; i < 10; i++ {
		s.Roll(6)
	}
	e := Entry{Seq: 1, DiceFrom: 0, DiceTo: s.Next(), Rolls: append([]Roll(nil), s.Drawn()...)}
	if err := VerifyRolls(testSeed, []Entry{e}); err != nil {
		t.Fatalf("honest record refused: %v", err)
	}
	bad := e
	bad.Rolls = append([]Roll(nil), e.Rolls...)
	bad.Rolls[3].Value = bad.Rolls[3].Value%6 + 1
	if err := VerifyRolls(testSeed, []Entry{bad}); err == nil {
		t.Fatal("an altered roll passed verification")
	}
	if err := VerifyRolls(bytes.Repeat([]byte{1}, SeedSize), []Entry{e}); err == nil {
		t.Fatal("another seed passed verification")
	}
}

func TestDice_Commitment(t *testing.T) {
	c := Commitment(testSeed)
	if len(c) != 64 || c == Commitment(bytes.Repeat([]byte{8}, SeedSize)) {
		t.Fatalf("commitment %q", c)
	}
}
