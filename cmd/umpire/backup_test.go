package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// Issue 12 item 4: a backup taken while a game is being played is a file
// that umpire check accepts and that umpire play continues.
func TestBackup_WhilePlaying_CheckAndContinue(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "live.db")
	db, err := storage.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ts, err := titles("")
	if err != nil {
		t.Fatal(err)
	}
	svc := &bot.Service{DB: db, Titles: ts, Seed: bot.DemoSeed(7), Mods: map[string]bool{"mod": true}, SnapshotEvery: 4}
	script, err := os.ReadFile("testdata/turn1.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	con := &bot.Console{Service: svc, Channel: "console", Out: &out, OutDir: filepath.Join(dir, "img")}
	done := make(chan error)
	go func() { done <- con.Run(bytes.NewReader(script)) }()
	var backups []string
	for i := 0; ; i++ {
		b := filepath.Join(dir, "backup"+string(rune('a'+i%26))+".db")
		if _, err := db.BackupTo(b); err != nil {
			t.Fatal(err)
		}
		backups = append(backups, b)
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			goto played
		default:
		}
	}
played:
	// A second process cannot read the file the writer holds: it says so.
	_, errs, code := umpire(t, "backup", "--db", dbPath, "--out", filepath.Join(dir, "x.db"))
	if code != 1 || !strings.Contains(errs, "in use by a running umpire") || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
		t.Fatalf("backup beside the writer: %d %q", code, errs)
	}
	mid := backups[len(backups)/2]
	for _, b := range []string{mid, backups[len(backups)-1]} {
		cout, cerr, code := umpire(t, "check", "--db", b)
		if code != 0 || !strings.Contains(cout, "OK:") {
			t.Fatalf("check %s: %d\n%s\n%s", b, code, cout, cerr)
		}
	}
	db.Close()
	// The tool itself, with the bot stopped; then play continues the copy.
	copyPath := filepath.Join(dir, "copy.db")
	bout, berr, code := umpire(t, "backup", "--db", dbPath, "--out", copyPath)
	if code != 0 || !strings.Contains(bout, "Backed up") {
		t.Fatalf("backup: %d %s %s", code, bout, berr)
	}
	for _, b := range []string{mid, copyPath} {
		status := filepath.Join(dir, "status.txt")
		os.WriteFile(status, []byte("@alice /game status\n@alice /order text:done\n"), 0o600)
		pout, perr, code := umpire(t, "play", "--db", b, "--out", filepath.Join(dir, "img"), "--script", status)
		if code != 0 || !strings.Contains(pout, "Game g1 (french view)") {
			t.Fatalf("play --db %s: %d\n%s\n%s", b, code, pout, perr)
		}
	}
	if _, _, code := umpire(t, "check", "--db", copyPath); code != 0 {
		t.Fatal("check after continuing")
	}
}

// A damaged database: one line, exit status 1, for every tool.
func TestDamagedDatabase_OneLineExit1(t *testing.T) {
	dir := t.TempDir()
	dbPath := filepath.Join(dir, "g.db")
	if _, errs, code := umpire(t, "play", "--seed", "7", "--db", dbPath, "--out", filepath.Join(dir, "img"), "--script", "testdata/turn1.txt"); code != 0 {
		t.Fatal(errs)
	}
	good, _ := os.ReadFile(dbPath)
	bad := filepath.Join(dir, "bad.db")
	for _, b := range [][]byte{good[:len(good)/3], good[:4096], nil, bytes.Repeat([]byte("garbage!"), 4096)} {
		os.WriteFile(bad, b, 0o600)
		for _, args := range [][]string{
			{"export", "--db", bad},
			{"check", "--db", bad},
			{"backup", "--db", bad, "--out", filepath.Join(dir, "o.db")},
			{"play", "--db", bad, "--script", "testdata/turn1.txt"},
		} {
			_, errs, code := umpire(t, args...)
			errs = strings.TrimSpace(errs)
			if code != 1 || strings.Contains(errs, "\n") || !strings.Contains(errs, bad) {
				t.Errorf("%s on %d bytes: exit %d, want 1 and one line naming the file: %q", args[0], len(b), code, errs)
			}
		}
	}
}
