package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/storage"
)

func init() { subcommands["check"] = cmdCheck }

// cmdCheck checks a database (read-only):
//
//	umpire check --db FILE [--data DIR]
//
// bbolt's consistency check over every page, then every game replayed from
// its setup, and its stored snapshot, and a load from that snapshot and the
// log's tail (what the bot does), each compared with the full replay.
func cmdCheck(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("check", stderr)
	dbPath := fs.String("db", "umpire.db", "bbolt database `file`")
	data := fs.String("data", "", "`dir`ectory with transcribed chart files (as the games are played with)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: umpire check --db FILE [--data DIR]")
		return errUsage
	}
	ts, err := titles(*data)
	if err != nil {
		return err
	}
	db, err := storage.OpenReadOnly(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	problems := db.Check(20)
	for _, p := range problems {
		fmt.Fprintf(stdout, "%s: %s\n", *dbPath, p)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s is corrupted (%d problem(s) above): restore it from a backup", *dbPath, len(problems))
	}
	ids, err := db.Games()
	if err != nil {
		return err
	}
	bad := 0
	for _, id := range ids {
		msg, err := checkGame(db, ts, id)
		if err != nil {
			bad++
			fmt.Fprintf(stdout, "%s: FAILS: %v\n", id, err)
			continue
		}
		fmt.Fprintf(stdout, "%s: %s\n", id, msg)
	}
	if bad > 0 {
		return fmt.Errorf("%d of %d games fail their check", bad, len(ids))
	}
	fmt.Fprintf(stdout, "OK: %s passes bbolt's consistency check; %d games replay and agree with their snapshots.\n", *dbPath, len(ids))
	return nil
}

func checkGame(db *storage.DB, ts map[string]adjudicator.Rules, id string) (string, error) {
	rec, err := db.Record(id)
	if err != nil {
		return "", err
	}
	rules, ok := ts[rec.Title]
	if !ok {
		return "", fmt.Errorf("title %q is unknown to this umpire", rec.Title)
	}
	if err := adjudicator.VerifyRolls(rec.Seed, rec.Entries); err != nil {
		return "", err
	}
	full, err := adjudicator.Load(rules, rec, nil)
	if err != nil {
		return "", fmt.Errorf("the log does not replay: %w", err)
	}
	msg := fmt.Sprintf("%d entries replay", len(rec.Entries))
	t, err := db.LoadTail(id)
	if err != nil {
		return "", err
	}
	if t.Snapshot == nil {
		return msg + "; no snapshot", nil
	}
	withSnap, err := adjudicator.Load(rules, rec, t.Snapshot)
	if err != nil {
		return "", fmt.Errorf("load with its snapshot: %w", err)
	}
	if err := same(full, withSnap); err != nil {
		return "", fmt.Errorf("the snapshot after entry %d: %w", t.Snapshot.Seq, err)
	}
	tail, err := adjudicator.LoadTail(rules, t.Header, t.Snapshot, t.BaseDice)
	if err != nil {
		// Not a fault: the bot then loads the whole log (and rewrites the
		// snapshot); an old format or an undo past it does this.
		return msg + fmt.Sprintf("; the snapshot after entry %d is not used (%v): the next load reads the whole log", t.Snapshot.Seq, err), nil
	}
	if err := same(full, tail); err != nil {
		return "", fmt.Errorf("a load from the snapshot after entry %d and the log's tail: %w", t.Snapshot.Seq, err)
	}
	return msg + fmt.Sprintf("; the snapshot after entry %d agrees", t.Snapshot.Seq), nil
}

func same(a, b *adjudicator.Game) error {
	ok, err := adjudicator.Equal(a.State, b.State)
	switch {
	case err != nil:
		return err
	case !ok:
		return errors.New("the state differs from a replay of the whole log")
	case a.Len() != b.Len() || a.DiceNext() != b.DiceNext():
		return fmt.Errorf("log length or dice counter differ (%d/%d, %d/%d)", a.Len(), b.Len(), a.DiceNext(), b.DiceNext())
	}
	ao, ar := a.Over()
	bo, br := b.Over()
	if ao != bo || (ar == nil) != (br == nil) || (ar != nil && *ar != *br) {
		return errors.New("the result differs")
	}
	return nil
}
