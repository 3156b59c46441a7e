package storage

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
)

// ---- a toy title for tests -------------------------------------------------

// toyRules is a tiny deterministic game: sides "a" and "b" take turns; on
// its turn a side may "add N" (N in 1..3: roll N d6 and add them to the
// total) any number of times, then "pass". The referee may "reset" the
// total to zero.
type toyRules struct{}

type toyState struct {
	Total int              `json:"total"`
	Count int              `json:"count"`
	Turn  adjudicator.Side `json:"turn"`
}

func (s *toyState) Encode() ([]byte, error) { return json.Marshal(s) }

func (toyRules) Info() adjudicator.Info {
	return adjudicator.Info{ID: "toy", Name: "Toy adder", Sides: []adjudicator.Side{"a", "b"},
		Scenarios: []adjudicator.Scenario{{ID: "basic", Name: "Basic", Turns: "unbounded"}}}
}

func (toyRules) Setup(scenario string, _ adjudicator.Options) (adjudicator.State, error) {
	if scenario != "basic" {
		return nil, fmt.Errorf("toy: unknown scenario %q", scenario)
	}
	return &toyState{Turn: "a"}, nil
}

func (toyRules) Decode(b []byte) (adjudicator.State, error) {
	s := new(toyState)
	if err := json.Unmarshal(b, s); err != nil {
		return nil, err
	}
	return s, nil
}

func (toyRules) Prompt(st adjudicator.State) adjudicator.Prompt {
	s := st.(*toyState)
	return adjudicator.Prompt{Awaiting: []adjudicator.Side{s.Turn}, Phase: fmt.Sprintf("move %d", s.Count),
		Decision: "add 1-3 dice, or pass"}
}

func (toyRules) Legal(st adjudicator.State, side adjudicator.Side) []adjudicator.Choice {
	s := st.(*toyState)
	if side == adjudicator.Referee {
		return []adjudicator.Choice{{Word: "reset", Complete: true}}
	}
	if side != s.Turn {
		return nil
	}
	return []adjudicator.Choice{
		{Word: "add", Next: []adjudicator.Choice{{Word: "1", Complete: true}, {Word: "2", Complete: true}, {Word: "3", Complete: true}}},
		{Word: "pass", Complete: true},
	}
}

func (toyRules) Apply(st adjudicator.State, side adjudicator.Side, a string, d adjudicator.Dice) (adjudicator.State, []adjudicator.Event, error) {
	old := st.(*toyState)
	s := *old
	f := strings.Fields(a)
	if side == adjudicator.Referee {
		if a != "reset" {
			return nil, nil, adjudicator.Refuse(a, "the referee may only reset")
		}
		s.Total, s.Count = 0, s.Count+1
		return &s, []adjudicator.Event{{Audience: adjudicator.Everyone, Text: "reset"}}, nil
	}
	if side != s.Turn {
		return nil, nil, adjudicator.Refuse(a, "it is %s's turn", s.Turn)
	}
	switch {
	case len(f) == 1 && f[0] == "pass":
		s.Turn = map[adjudicator.Side]adjudicator.Side{"a": "b", "b": "a"}[s.Turn]
	case len(f) == 2 && f[0] == "add":
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 1 || n > 3 {
			return nil, nil, adjudicator.Refuse(a, "add 1, 2 or 3 dice")
		}
		for range n {
			s.Total += d.Roll(6)
		}
	default:
		return nil, nil, adjudicator.Refuse(a, "orders are \"add N\" and \"pass\"")
	}
	s.Count++
	return &s, []adjudicator.Event{{Audience: adjudicator.Everyone, Text: fmt.Sprintf("%s: %s", side, a)}}, nil
}

func (toyRules) View(st adjudicator.State, v adjudicator.Viewer) adjudicator.View {
	s := st.(*toyState)
	return adjudicator.View{Title: "toy", Viewer: v.String(), Prompt: toyRules{}.Prompt(st),
		Status: []string{fmt.Sprintf("total %d", s.Total)}}
}

// testSeed is a fixed 32-byte dice seed.
func testSeed() []byte {
	b := make([]byte, adjudicator.SeedSize)
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	return b
}

var testTime = time.Date(1954, 3, 13, 17, 0, 0, 0, time.UTC)

// newToyGame sets up a toy game with the fixed seed.
func newToyGame(t testing.TB, id, channel string) *adjudicator.Game {
	t.Helper()
	g, _, err := adjudicator.New(toyRules{}, adjudicator.Record{ID: id, Title: "toy", Scenario: "basic", Channel: channel,
		Seats: map[adjudicator.Side]string{"a": "alice", "b": "bob"}, Created: testTime, Seed: testSeed()})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// ---- the crash test ----------------------------------------------------------

func TestMain(m *testing.M) {
	if os.Getenv("UMPIRE_CRASH_CHILD") != "" {
		if err := crashChild(os.Getenv("UMPIRE_CRASH_DB"), os.Getenv("UMPIRE_CRASH_GAME")); err != nil {
			fmt.Fprintln(os.Stderr, "crash child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// crashPlan is the child's step when the log holds n entries: the kind of
// its entries and, for orders, their texts (one entry each).
func crashPlan(n int) (kind string, orders []string) {
	switch {
	case n%23 == 22:
		return adjudicator.KindModUndo, nil
	case n%31 == 30:
		return adjudicator.KindSeat, nil
	case n%17 == 16:
		return adjudicator.KindOverride, []string{"reset"}
	}
	return adjudicator.KindOrder, [][]string{{"add 1"}, {"add 2", "add 3"}, {"add 1", "pass"}, {"pass"},
		{"add 3", "add 3", "add 3", "pass"}}[n%5]
}

// crashChild plays the toy game until it is killed: each step is appended
// durably and only then acknowledged with "ACK <seq>" on stdout.
func crashChild(path, id string) error {
	db, err := Open(path)
	if err != nil {
		return err
	}
	rec, err := db.Record(id)
	if err != nil {
		return err
	}
	snap, err := db.Snapshot(id)
	if err != nil {
		return err
	}
	g, err := adjudicator.Load(toyRules{}, rec, snap)
	if err != nil {
		return err
	}
	// Redelivery of the last interaction after a crash must be refused
	// and write nothing (invariant 5).
	if n := len(rec.Entries); n > 0 && rec.Entries[n-1].Source != "" {
		side := g.Prompt().Awaiting[0]
		st, err := g.Orders("redelivered", side, []string{"pass"}, rec.Entries[n-1].Source, testTime)
		if err != nil {
			return err
		}
		if err := db.Append(id, st.Entries, nil); !errors.Is(err, ErrDuplicate) {
			return fmt.Errorf("redelivered source %s: want ErrDuplicate, got %v", rec.Entries[n-1].Source, err)
		}
	}
	fmt.Printf("READY %d\n", len(rec.Entries))
	stop := time.Now().Add(30 * time.Second) // never outlive a dead parent for long
	for time.Now().Before(stop) {
		n := len(g.Rec.Entries)
		now := testTime.Add(time.Duration(n) * time.Minute)
		src := fmt.Sprintf("%s-i%d", id, n+1)
		side := g.Prompt().Awaiting[0]
		var st *adjudicator.Step
		var hdr *adjudicator.Record
		switch kind, orders := crashPlan(n); kind {
		case adjudicator.KindModUndo:
			st, err = g.ModUndo("mod", 1, src, now)
		case adjudicator.KindSeat:
			user := fmt.Sprintf("user%d", n)
			st, err = g.Seat("mod", side, user, src, now)
			h := g.Rec.Header()
			h.Seats = map[adjudicator.Side]string{}
			for k, v := range g.Rec.Seats {
				h.Seats[k] = v
			}
			h.Seats[side] = user
			hdr = &h
		case adjudicator.KindOverride:
			st, err = g.Orders("mod", adjudicator.Referee, orders, src, now)
		default:
			st, err = g.Orders(string(side)+"-player", side, orders, src, now)
		}
		if err != nil {
			return fmt.Errorf("step at %d: %w", n, err)
		}
		if err := db.Append(id, st.Entries, hdr); err != nil {
			return err
		}
		g.Commit(st)
		// os.Stdout is unbuffered: this is one write(2), after the commit.
		fmt.Printf("ACK %d\n", len(g.Rec.Entries))
		if n%7 == 3 {
			s, err := g.Snapshot()
			if err != nil {
				return err
			}
			if err := db.PutSnapshot(id, s); err != nil {
				return err
			}
		}
	}
	return db.Close()
}

// TestCrashDurability proves invariant 4: a child process appends orders
// and acknowledges each only after Append returns; the test SIGKILLs it at
// random moments and checks, after each crash, that every acknowledged
// entry survived, that the log has no gap or half-written step, and that
// the game replays (from its snapshot and from scratch) to the same state
// with verifiable dice.
//
// SIGKILL tests a process crash at any instruction. It cannot simulate a
// power cut (data the kernel had not written yet survives a SIGKILL); that
// case rests on bbolt's fsync on commit.
func TestCrashDurability(t *testing.T) {
	iterations := 200
	if testing.Short() {
		iterations = 40
	}
	seed := uint64(20240313)
	if s := os.Getenv("UMPIRE_CRASH_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		seed = v
	}
	t.Logf("crash seed %d (set UMPIRE_CRASH_SEED to repeat)", seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))

	// The log would grow with every run and make each check slower, so
	// the runs are spread over several games, each in its own channel of
	// the same database; each game is crashed perGame times.
	path := filepath.Join(t.TempDir(), "crash.db")
	const perGame = 10
	var id string
	maxAck, early, total := 0, 0, 0
	for it := 0; it < iterations; it++ {
		if it%perGame == 0 {
			id = newCrashGame(t, path, id)
			maxAck = 0
		}
		// One kill in eight does not wait for READY, so some crashes land
		// in Open, Load or the redelivery check.
		waitReady := rng.IntN(8) != 0
		delay := time.Duration(1+rng.IntN(100)) * time.Millisecond
		t0 := time.Now()
		acks := runAndKill(t, path, id, waitReady, delay)
		t1 := time.Now()
		if !waitReady {
			early++
		}
		for _, a := range acks {
			if a <= maxAck {
				t.Fatalf("iteration %d: ACK %d not after earlier ACK %d", it, a, maxAck)
			}
			maxAck = a
		}
		total += len(acks)
		last := it == iterations-1 || it%perGame == perGame-1
		checkCrashDB(t, path, id, maxAck, last)
		if os.Getenv("UMPIRE_CRASH_TIMING") != "" {
			t.Logf("it %d: run %v (delay %v) check %v game %s acks %d", it, t1.Sub(t0), delay, time.Since(t1), id, maxAck)
		}
	}
	if total < iterations {
		t.Fatalf("only %d steps acknowledged over %d runs: the test exercised too little", total, iterations)
	}
	t.Logf("%d crashes (%d before READY), %d steps acknowledged", iterations, early, total)
}

// newCrashGame ends the previous game's channel and creates a new game.
func newCrashGame(t *testing.T, path, prev string) string {
	t.Helper()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if prev != "" {
		if err := db.EndChannel("chan", prev); err != nil {
			t.Fatal(err)
		}
	}
	id, err := db.NewGameID("g")
	if err != nil {
		t.Fatal(err)
	}
	if err := db.CreateGame(newToyGame(t, id, "chan").Rec); err != nil {
		t.Fatal(err)
	}
	return id
}

// runAndKill starts the child, kills it with SIGKILL after delay (counted
// from its READY line when waitReady), and returns the seqs it acknowledged.
func runAndKill(t *testing.T, path, id string, waitReady bool, delay time.Duration) []int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "UMPIRE_CRASH_CHILD=1", "UMPIRE_CRASH_DB="+path, "UMPIRE_CRASH_GAME="+id)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	var acks []int
	take := func(l string) {
		if a, ok := strings.CutPrefix(l, "ACK "); ok {
			n, err := strconv.Atoi(a)
			if err != nil {
				t.Errorf("bad child line %q", l)
			}
			acks = append(acks, n)
		}
	}
	exited := false
	if waitReady {
		timeout := time.After(20 * time.Second)
	ready:
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					exited = true
					break ready
				}
				take(l)
				if strings.HasPrefix(l, "READY") {
					break ready
				}
			case <-timeout:
				cmd.Process.Kill()
				t.Fatal("child not READY after 20s")
			}
		}
	}
	if !exited {
		time.Sleep(delay)
		cmd.Process.Signal(syscall.SIGKILL)
	}
	for l := range lines {
		take(l)
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die by SIGKILL: %v\nstderr:\n%s", err, stderr.String())
	}
	return acks
}

// checkCrashDB reopens the database after a crash and checks invariants 2-4.
// With full set it also re-plays the whole game forward in memory from its
// header, re-issuing every logged action, and compares entry by entry.
func checkCrashDB(t *testing.T, path, id string, maxAck int, full bool) {
	t.Helper()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rec, err := db.Record(id)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range rec.Entries {
		if e.Seq != i+1 {
			t.Fatalf("log gap: position %d holds seq %d", i+1, e.Seq)
		}
	}
	if len(rec.Entries) < maxAck {
		t.Fatalf("acknowledged entry %d lost: log ends at %d", maxAck, len(rec.Entries))
	}
	if err := adjudicator.VerifyRolls(rec.Seed, rec.Entries); err != nil {
		t.Fatalf("dice do not verify: %v", err)
	}
	snap, err := db.Snapshot(id)
	if err != nil {
		t.Fatal(err)
	}
	if snap != nil && snap.Seq > len(rec.Entries) {
		t.Fatalf("snapshot after entry %d but log ends at %d", snap.Seq, len(rec.Entries))
	}
	loaded, err := adjudicator.Load(toyRules{}, rec, snap)
	if err != nil {
		t.Fatalf("load with snapshot: %v", err)
	}
	scratch, err := adjudicator.Load(toyRules{}, rec, nil)
	if err != nil {
		t.Fatalf("load from scratch: %v", err)
	}
	if eq, err := adjudicator.Equal(loaded.State, scratch.State); err != nil || !eq {
		t.Fatalf("state loaded with snapshot %+v differs from replay from setup (err %v)", snap, err)
	}
	// Every step is whole: all its entries, with its source, or none.
	for n := 0; n < len(rec.Entries); {
		kind, orders := crashPlan(n)
		k := max(1, len(orders))
		if n+k > len(rec.Entries) {
			t.Fatalf("half-applied step: entries %d..%d hold %d of its %d entries", n+1, n+k, len(rec.Entries)-n, k)
		}
		src := fmt.Sprintf("%s-i%d", id, n+1)
		for _, e := range rec.Entries[n : n+k] {
			if e.Source != src || e.Kind != kind {
				t.Fatalf("entry %d: %s from %s, want %s from %s", e.Seq, e.Kind, e.Source, kind, src)
			}
		}
		n += k
	}
	// The header's seats were rewritten in the same transaction as each
	// seat entry: they must agree with the last seat entry per side.
	seats := map[adjudicator.Side]string{"a": "alice", "b": "bob"}
	for _, e := range rec.Entries {
		if e.Kind == adjudicator.KindSeat {
			seats[e.Side] = e.Action
		}
	}
	if fmt.Sprint(seats) != fmt.Sprint(rec.Seats) {
		t.Fatalf("header seats %v, log says %v", rec.Seats, seats)
	}
	if !full {
		return
	}
	// A fresh in-memory game re-issuing exactly the logged actions.
	fresh := newToyGame(t, id, "chan")
	for _, e := range rec.Entries {
		var st *adjudicator.Step
		var err error
		switch e.Kind {
		case adjudicator.KindOrder, adjudicator.KindOverride:
			st, err = fresh.Orders(e.Actor, e.Side, []string{e.Action}, e.Source, e.Time)
		case adjudicator.KindModUndo:
			st, err = fresh.ModUndo(e.Actor, len(e.Undoes), e.Source, e.Time)
		case adjudicator.KindSeat:
			st, err = fresh.Seat(e.Actor, e.Side, e.Action, e.Source, e.Time)
		default:
			t.Fatalf("entry %d: unexpected kind %s", e.Seq, e.Kind)
		}
		if err != nil {
			t.Fatalf("re-issuing entry %d: %v", e.Seq, err)
		}
		fresh.Commit(st)
	}
	want, _ := json.Marshal(fresh.Rec.Entries)
	got, _ := json.Marshal(rec.Entries)
	if !bytes.Equal(want, got) {
		t.Fatalf("stored entries differ from a fresh re-play of the same actions")
	}
	if eq, err := adjudicator.Equal(loaded.State, fresh.State); err != nil || !eq {
		t.Fatalf("loaded state differs from a fresh in-memory replay (err %v)", err)
	}
	if fmt.Sprint(fresh.Rec.Seats) != fmt.Sprint(rec.Seats) {
		t.Fatalf("header seats %v, fresh replay %v", rec.Seats, fresh.Rec.Seats)
	}
}
