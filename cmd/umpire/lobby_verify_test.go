package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 11: a game cancelled in its lobby, one seat taken and one never,
// is a record umpire verify accepts (its sides without a player never
// gave an order).
func TestPlay_CancelledLobbyVerifies(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "u.db")
	script := filepath.Join(dir, "s.txt")
	os.WriteFile(script, []byte("@alice /game new title:hell scenario:initial-assault\n@alice /game join side:french\n@alice /game cancel\n"), 0o644)
	out, errOut, code := umpire(t, "play", "--db", db, "--script", script, "--maps=false", "--seed", "3")
	if code != 0 || !strings.Contains(out, "cancelled game g1") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	rec, _, code := umpire(t, "export", "--db", db)
	if code != 0 {
		t.Fatal("export")
	}
	path := filepath.Join(dir, "rec.json")
	os.WriteFile(path, []byte(rec), 0o600)
	if vout, verr, code := umpire(t, "verify", path); code != 0 || !strings.HasPrefix(vout, "OK: game g1") {
		t.Fatalf("verify: %d %s %s", code, vout, verr)
	}
}
