package finalgamble

import (
	"testing"
)

// BenchmarkReachSide builds the legal move tree of a whole side: a fresh
// Position and every unit's Reach (the target is under 5 ms a side).
func BenchmarkReachSide(b *testing.B) {
	d := mustDefault(b)
	g := GeoOf(d)
	for _, side := range []string{"French", "VM"} {
		b.Run(side, func(b *testing.B) {
			bd := BoardOf(d.Setups["C"])
			n := 0
			for b.Loop() {
				p := g.Position(bd)
				for _, u := range bd.Units {
					if u.Side == side && u.Box == "" {
						n += len(p.Reach(u.ID, MoveOpts{}).Places())
					}
				}
			}
			_ = n
		})
	}
}

// BenchmarkLoC is both sides' LoC and isolation (4.4, 8.4).
func BenchmarkLoC(b *testing.B) {
	d := mustDefault(b)
	g := GeoOf(d)
	bd := BoardOf(d.Setups["C"])
	for b.Loop() {
		p := g.Position(bd)
		p.Isolated("French")
		p.Isolated("VM")
	}
}

// BenchmarkValleyMoves is a side's Valley Move tree (2.1-B, 6.2-A) from a
// fresh Position.
func BenchmarkValleyMoves(b *testing.B) {
	d := mustDefault(b)
	g := GeoOf(d)
	bd := BoardOf(d.Setups["C"])
	for b.Loop() {
		p := g.Position(bd)
		for _, u := range bd.Units {
			if u.Box == "" {
				p.ValleyMoves(u.ID)
			}
		}
	}
}

// BenchmarkLegalTree is what a legal-order tree asks of a fresh position
// for one side: every unit's Reach, Valley and Box Moves, and both LoCs.
func BenchmarkLegalTree(b *testing.B) {
	d := mustDefault(b)
	g := GeoOf(d)
	for _, side := range []string{"French", "VM"} {
		b.Run(side, func(b *testing.B) {
			bd := BoardOf(d.Setups["C"])
			for b.Loop() {
				p := g.Position(bd)
				p.LoC("French")
				p.LoC("VM")
				for _, u := range bd.Units {
					if u.Side != side {
						continue
					}
					p.Reach(u.ID, MoveOpts{}).Places()
					p.ValleyMoves(u.ID)
					p.BoxMoves(u.ID, BoxMoveOpts{})
				}
			}
		})
	}
}
