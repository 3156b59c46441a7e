package hellmap

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
)

// TestLook writes renders to $RENDER_OUT, to look at.
func TestLook(t *testing.T) {
	dir := os.Getenv("RENDER_OUT")
	if dir == "" {
		t.Skip("RENDER_OUT not set")
	}
	r := newRenderer()
	write := func(name string, v adjudicator.View) {
		b, err := r.PNG(v)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", name, len(b))
	}
	g := midAssault(t)
	for _, vw := range viewers {
		write(vw.name, operations(g.view(vw.v)))
	}
	write("setup", newGame(t, "full-battle").view(adjudicator.Public))
	tr := midAssault(t).do(t, adjudicator.Referee, "override unit 316/176/888 at track", "override unit 316/176/910 at track losses 1",
		"override unit 6BPC-1 at pool", "override unit 6BPC-2 at pool")
	write("track-public", tr.view(adjudicator.Public))
	write("track-vm", tr.view(adjudicator.ViewerOf(hell.VM)))
	v := operations(g.view(adjudicator.Public))
	b := v.Board.(hell.BoardView)
	b.Over, b.Winner, b.Reason, b.PhaseName, b.Awaiting = true, hell.VM, "the VM holds 33 PAs: the camp has fallen", "game over", ""
	b.Rain = true
	v.Board = b
	write("over", v)
	dg := newGame(t, "full-battle").do(t, hell.French, "done").do(t, hell.VM, "done")
	t.Log(dg.view(adjudicator.Public).Prompt.Phase)
	dg.do(t, hell.VM, "done")
	t.Log(dg.view(adjudicator.Public).Prompt.Phase)
	dg.do(t, hell.VM, "dig N", "dig P", "dig K")
	write("dig", dg.view(adjudicator.Public))
	crowd := midAssault(t).do(t, adjudicator.Referee, "override unit 1/13DBLE-1 at H3", "override unit 1/13DBLE-2 at H3",
		"override unit 1/13DBLE-3 at H3", "override unit 1/13DBLE-4 at H3", "override unit MG-2 at H3",
		"override unit 316/98/215 at H3 revealed", "override control H3 vm")
	for _, id := range []string{"308/102/18", "308/102/54", "308/102/79", "316/174/249", "316/174/251", "316/174/255", "316/176/888", "DUMMY4"} {
		crowd.do(t, adjudicator.Referee, "override unit "+id+" at P")
	}
	write("crowd-public", crowd.view(adjudicator.Public))
	write("crowd-vm", crowd.view(adjudicator.ViewerOf(hell.VM)))
	mv := basesMoved(t)
	write("moves-public", mv.view(adjudicator.Public))
	write("moves-vm", mv.view(adjudicator.ViewerOf(hell.VM)))
	zm := zoneMoves(t)
	write("zonemoves-public", zm.view(adjudicator.Public))
	write("zonemoves-vm", zm.view(adjudicator.ViewerOf(hell.VM)))
}
