package bot

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/adjudicator/hell"
	"github.com/umpirebot/umpire/adjudicator/tonkin"
	"github.com/umpirebot/umpire/storage"
)

// helpReply is the text of the one private reply a /help line gets in a
// console transcript (the lines after it tagged [@user]).
func helpReply(out, line, user string) string {
	i := strings.LastIndex(out, "> "+line+"\n")
	if i < 0 {
		return ""
	}
	var b []string
	for _, l := range strings.Split(out[i+len(line)+3:], "\n") {
		if strings.HasPrefix(l, "> ") {
			break
		}
		if t, ok := strings.CutPrefix(l, "[@"+user+"] "); ok {
			b = append(b, t)
		}
	}
	return strings.Join(b, "\n")
}

// Issue 15 item 3: /help in the French set-up fits in one Discord message
// (2,000 characters; about 1,500 by default) with done visible and first,
// each order word once with its arguments summarised, the units and the
// places listed once; a prefix narrows it; moderator commands only for
// moderators.
func TestHelp_FitsAScreen_HellFrenchSetup(t *testing.T) {
	out := console(t, "@alice /game new title:hell scenario:initial-assault french:@alice vm:@bob hotseat:no\n"+
		"@bob /game accept\n"+
		"@alice /help\n"+
		"@alice /help prefix:place\n"+
		"@alice /help prefix:\"place 1/13DBLE-1\"\n"+
		"@alice /help prefix:fly\n"+
		"@mod /help\n")
	h := helpReply(out, "@alice /help", "alice")
	if n := utf8.RuneCountInString(h); n > 2000 || n > HelpBudget+50 || n < 200 {
		t.Fatalf("/help is %d characters (at most about %d, and one Discord message):\n%s", n, HelpBudget, h)
	}
	lines := strings.Split(h, "\n")
	firstOrder := ""
	for _, l := range lines {
		if strings.HasPrefix(l, "• ") {
			firstOrder = l
			break
		}
	}
	if !strings.HasPrefix(firstOrder, "• done") {
		t.Errorf("done is not the first order: %q\n%s", firstOrder, h)
	}
	if !strings.Contains(h, "• place <unit> <PA>") {
		t.Errorf("place is not summarised with its arguments:\n%s", h)
	}
	if strings.Count(h, "1/13DBLE-1,") != 1 || strings.Count(h, "G1,") != 1 {
		t.Errorf("a unit or a place is listed more than once:\n%s", h)
	}
	if strings.Contains(h, "/mod ") {
		t.Errorf("a player's /help lists the moderator commands:\n%s", h)
	}
	if m := helpReply(out, "@mod /help", "mod"); !strings.Contains(m, "/mod override") || !strings.Contains(m, "override unit <id>") {
		t.Errorf("a moderator's /help lacks the moderator commands or the override forms:\n%s", m)
	}
	p := helpReply(out, "@alice /help prefix:place", "alice")
	if strings.Contains(p, "• done") || !strings.Contains(p, "place <unit> <PA>") {
		t.Errorf("prefix:place does not narrow to place:\n%s", p)
	}
	q := helpReply(out, `@alice /help prefix:"place 1/13DBLE-1"`, "alice")
	if strings.Contains(q, "1/13DBLE-2") || !strings.Contains(q, "place 1/13DBLE-1 ") {
		t.Errorf("prefix:\"place 1/13DBLE-1\" does not narrow to that unit:\n%s", q)
	}
	if f := helpReply(out, "@alice /help prefix:fly", "alice"); !strings.Contains(f, `no legal order starts with "fly"; legal now: place, done`) {
		t.Errorf("a prefix matching nothing: %s", f)
	}
}

// Item 3: a word whose arguments differ by its first argument (Hell's
// standing orders: "standing losses most|fewest|ask") is summarised one
// line per first argument, and prefix:standing finds it; issue 30, item
// 6: each standing key's line says what it answers, and the whole /help
// names the keys on one line.
func TestHelp_StandingOrdersGroupedByKey(t *testing.T) {
	tree := []adjudicator.Choice{
		{Word: "done", Help: "end this phase", Complete: true},
		{Word: "standing", Help: "standing orders", Next: []adjudicator.Choice{
			{Word: "losses", Help: "who takes a step loss (5.2)", Next: []adjudicator.Choice{{Word: "most", Complete: true}, {Word: "fewest", Complete: true}}},
			{Word: "fire", Help: "your defensive fire (5.4)", Next: []adjudicator.Choice{{Word: "all", Complete: true}, {Word: "none", Complete: true}, {Word: "ask", Complete: true}}},
			{Word: "clear", Complete: true},
		}},
	}
	got := strings.Join(HelpSummary(tree, "", "standing", HelpBudget), "\n")
	for _, want := range []string{"    losses most|fewest — who takes a step loss (5.2)", "    fire all|none|ask — your defensive fire (5.4)"} {
		if !strings.Contains(got, want) {
			t.Errorf("prefix:standing lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "done") {
		t.Errorf("prefix:standing shows done:\n%s", got)
	}
	all := strings.Join(HelpSummary(tree, "", "", HelpBudget), "\n")
	if !strings.HasPrefix(all, "• done — end this phase") {
		t.Errorf("done is not first:\n%s", all)
	}
	if !strings.Contains(all, "• standing <key> <value> — standing orders; keys losses, fire, clear: /help prefix:standing says what each answers") || strings.Contains(all, "most|fewest") {
		t.Errorf("the whole /help does not name the standing keys on one line:\n%s", all)
	}
}

// Item 3: a long list is cut to the budget, saying how many were left
// out, never cutting done.
func TestHelp_BudgetCutsListsNotDone(t *testing.T) {
	var units []adjudicator.Choice
	var places []adjudicator.Choice
	for i := 0; i < 200; i++ {
		places = append(places, adjudicator.Choice{Word: strings.Repeat("P", 3) + string(rune('a'+i%26)) + string(rune('a'+i/26)), Complete: true})
	}
	for i := 0; i < 120; i++ {
		units = append(units, adjudicator.Choice{Word: "unit-" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Next: places})
	}
	tree := []adjudicator.Choice{{Word: "move", Next: units}, {Word: "done", Complete: true}}
	got := HelpSummary(tree, "`move <unit> <hex>`, then `done`", "", HelpBudget)
	s := strings.Join(got, "\n")
	if utf8.RuneCountInString(s) > HelpBudget || !strings.HasPrefix(s, "• done") || !strings.Contains(s, "• move <unit> <hex>") || !strings.Contains(s, "more") {
		t.Fatalf("%d characters:\n%s", utf8.RuneCountInString(s), s)
	}
}

// Item 3, Tonkin too: the first movement phase (thousands of moves) fits
// the budget with its order words summarised and done first.
func TestHelp_FitsAScreen_Tonkin(t *testing.T) {
	d, err := tonkin.Default()
	if err != nil {
		t.Fatal(err)
	}
	r := tonkin.New(d)
	info := r.Info()
	g, _, err := adjudicator.New(r, adjudicator.Record{ID: "t", Title: info.ID, Scenario: info.Scenarios[0].ID,
		Seed: make([]byte, adjudicator.SeedSize), Seats: map[adjudicator.Side]string{}})
	if err != nil {
		t.Fatal(err)
	}
	// past the first turn's replacements phases (Tonkin RULINGS T66) to
	// the first movement phase
	st := g.State
	for _, side := range []adjudicator.Side{"vm", "fef"} {
		ns, _, err := r.Apply(st, side, "done", adjudicator.NewStream(make([]byte, adjudicator.SeedSize), 0))
		if err != nil {
			t.Fatal(err)
		}
		st = ns
	}
	p := r.Prompt(st)
	if len(p.Awaiting) == 0 {
		t.Fatal("nobody awaited")
	}
	tree := r.Legal(st, p.Awaiting[0])
	if n := len(adjudicator.Orders(tree)); n < 500 {
		t.Fatalf("only %d legal orders: not the test's long case", n)
	}
	s := strings.Join(HelpSummary(tree, p.Decision, "", HelpBudget), "\n")
	if n := utf8.RuneCountInString(s); n > HelpBudget {
		t.Fatalf("%d characters:\n%s", n, s)
	}
	if !strings.Contains(s, "• move ") {
		t.Errorf("move is not summarised:\n%s", s)
	}
	if strings.Contains(s, "• done") && !strings.HasPrefix(s, "• done") {
		t.Errorf("done is not first:\n%s", s)
	}
	t.Log("\n" + s)
	q := strings.Join(HelpSummary(tree, p.Decision, "move "+tree[0].Next[0].Word, HelpBudget), "\n")
	if strings.Contains(q, tree[0].Next[1].Word+",") || !strings.Contains(q, "move "+tree[0].Next[0].Word) {
		t.Errorf("a prefix does not narrow:\n%s", q)
	}
}

// Issue 30, item 8: an argument the decision does not name is named by
// the legal tree (Choice.Arg), not numbered: `declare <dummy>`, not
// `declare <1>`.
func TestHelpSummary_ArgumentNamedByTheTree(t *testing.T) {
	tree := []adjudicator.Choice{{Word: "pass", Complete: true},
		{Word: "declare", Arg: "dummy", Next: []adjudicator.Choice{{Word: "DUMMY_1", Complete: true}, {Word: "DUMMY_2", Complete: true}}}}
	got := strings.Join(HelpSummary(tree, "spend points (`move <unit> <hex>`) or `pass`", "", 1500), "\n")
	if !strings.Contains(got, "declare <dummy>") || strings.Contains(got, "<1>") {
		t.Errorf("help:\n%s", got)
	}
}

// optioned is a title with game options, for /help's listing.
type optioned struct{ adjudicator.Rules }

func (o optioned) Info() adjudicator.Info {
	i := o.Rules.Info()
	i.Options = []adjudicator.GameOption{{Key: "vulture", Help: "yes: card 45"}, {Key: "artillery_range", Help: "yes: 19.2"}}
	return i
}

// /help where no game is lists each title with its game options (the
// keys /game new's options:"key=value" takes), so that a player finds a
// title's optional rules (The Lost Valley's 19.1-19.4) without the README;
// a title without options says nothing of them.
func TestHelp_NoGameListsTitleOptions(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	h := hell.New(hell.MustDefault())
	svc := &Service{DB: db, Titles: map[string]adjudicator.Rules{"hell": h, "opt": optioned{h}}, Seed: DemoSeed(1)}
	var out bytes.Buffer
	con := &Console{Service: svc, Channel: "console", Out: &out, Echo: true}
	if err := con.Run(strings.NewReader("@alice /help\n")); err != nil {
		t.Fatal(err)
	}
	txt := helpReply(out.String(), "@alice /help", "alice")
	if !strings.Contains(txt, "sides french, vm; options vulture, artillery_range)") {
		t.Fatalf("/help without a game does not list the title's options:\n%s", txt)
	}
	if strings.Count(txt, "; options ") != 1 {
		t.Fatalf("a title without options lists some:\n%s", txt)
	}
}
