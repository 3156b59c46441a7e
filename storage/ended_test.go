package storage

import (
	"errors"
	"testing"

	"go.etcd.io/bbolt"
)

// A channel's last game stays findable once it ended (/game log after
// the end): the live game first, else the last ended, else, for games
// ended before the index, the headers.
func TestLastGameInChannel(t *testing.T) {
	db := openTemp(t)
	if _, err := db.LastGameInChannel("c"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("an empty channel: %v", err)
	}
	for _, id := range []string{"g2", "g10"} {
		if err := db.CreateGame(newToyGame(t, id, "old").Rec); err != nil {
			t.Fatal(err)
		}
		// Ended before the index: freed by hand, as an older umpire did.
		db.update(func(tx *bbolt.Tx) error { return tx.Bucket(bChannels).Delete([]byte("old")) })
	}
	if id, err := db.LastGameInChannel("old"); err != nil || id != "g10" {
		t.Fatalf("from the headers: %s %v", id, err)
	}
	if err := db.CreateGame(newToyGame(t, "g3", "c").Rec); err != nil {
		t.Fatal(err)
	}
	if id, _ := db.LastGameInChannel("c"); id != "g3" {
		t.Fatalf("live: %s", id)
	}
	if err := db.EndChannel("c", "g3"); err != nil {
		t.Fatal(err)
	}
	if id, err := db.LastGameInChannel("c"); err != nil || id != "g3" {
		t.Fatalf("ended: %s %v", id, err)
	}
}
