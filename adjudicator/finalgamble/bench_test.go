package finalgamble

import (
	"testing"
)

// BenchmarkLegal21: the legal tree of 2.1 at scenario A's start.
func BenchmarkLegal21(b *testing.B) {
	r := rules(b)
	s, _ := r.Setup("A", nil)
	for i := 0; i < b.N; i++ {
		r.Legal(s, VM)
	}
}

// BenchmarkLegal64: France's Tactical Move tree at scenario A's start.
func BenchmarkLegal64(b *testing.B) {
	r := rules(b)
	s0, _ := r.Setup("A", nil)
	s := s0.(*State).clone()
	r.enter(s, "6.4", nil, &events{})
	for i := 0; i < b.N; i++ {
		r.Legal(s, French)
	}
}
