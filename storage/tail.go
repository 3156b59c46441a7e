package storage

import (
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
)

// Tail is what loading a game needs (issue 14 item 5): its header, its
// latest snapshot and only the log entries after that snapshot, read in
// one transaction, so that a cold load costs the same however long the
// game is. Undo marks need no scan of the log: those before the snapshot
// are in Snapshot.Undone, later ones are undo entries of the tail.
type Tail struct {
	// Header is the game's header; its Entries are the log entries after
	// Snapshot.Seq (the whole log when there is no snapshot).
	Header adjudicator.Record
	// Snapshot is the latest snapshot, or nil (none, or one that does not
	// decode: a snapshot is a cache).
	Snapshot *adjudicator.Snapshot
	// BaseDice is the dice counter after entry Snapshot.Seq (its DiceTo):
	// the counter never goes back, so it is the most any earlier entry drew.
	BaseDice uint64
}

// Base is the number of log entries before Header.Entries.
func (t Tail) Base() int {
	if t.Snapshot == nil {
		return 0
	}
	return t.Snapshot.Seq
}

// LoadTail reads a game's header, latest snapshot and the entries after it.
func (db *DB) LoadTail(gameID string) (Tail, error) {
	var t Tail
	err := db.view(func(tx *bbolt.Tx) error {
		var err error
		if t.Header, err = header(tx, gameID); err != nil {
			return err
		}
		log := tx.Bucket(bLog).Bucket([]byte(gameID))
		if log == nil {
			return fmt.Errorf("game %s: log bucket missing", gameID)
		}
		if sb := tx.Bucket(bSnapshots).Bucket([]byte(gameID)); sb != nil {
			if raw := sb.Get(kLatest); raw != nil {
				var s adjudicator.Snapshot
				if json.Unmarshal(raw, &s) == nil && s.Seq >= 0 {
					t.Snapshot = &s
				}
			}
		}
		base := t.Base()
		if base > 0 {
			raw := log.Get(seqKey(base))
			var e adjudicator.Entry
			if raw == nil || json.Unmarshal(raw, &e) != nil || e.Seq != base {
				// The snapshot names an entry the log lacks: ignore it.
				t.Snapshot, base = nil, 0
			} else {
				t.BaseDice = e.DiceTo
			}
		}
		t.Header.Entries, err = readEntries(log, gameID, base+1, 0)
		return err
	})
	return t, err
}

// Entries reads a game's log entries from..to (1-based, inclusive; to 0:
// to the end), checking that they run without gap.
func (db *DB) Entries(gameID string, from, to int) ([]adjudicator.Entry, error) {
	if from < 1 {
		from = 1
	}
	var out []adjudicator.Entry
	err := db.view(func(tx *bbolt.Tx) error {
		if _, err := header(tx, gameID); err != nil {
			return err
		}
		log := tx.Bucket(bLog).Bucket([]byte(gameID))
		if log == nil {
			return fmt.Errorf("game %s: log bucket missing", gameID)
		}
		var err error
		out, err = readEntries(log, gameID, from, to)
		if err == nil && to > 0 && len(out) != to-from+1 {
			err = fmt.Errorf("game %s: log holds entries %d..%d, not %d..%d", gameID, from, from+len(out)-1, from, to)
		}
		return err
	})
	return out, err
}

// readEntries reads entries from..to (to 0: to the end) of a log bucket.
func readEntries(log *bbolt.Bucket, gameID string, from, to int) ([]adjudicator.Entry, error) {
	var out []adjudicator.Entry
	c := log.Cursor()
	for k, v := c.Seek(seqKey(from)); k != nil; k, v = c.Next() {
		want := from + len(out)
		if to > 0 && want > to {
			break
		}
		var e adjudicator.Entry
		if err := json.Unmarshal(v, &e); err != nil {
			return nil, fmt.Errorf("game %s: decoding entry %d: %w", gameID, want, err)
		}
		if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(want) || e.Seq != want {
			return nil, fmt.Errorf("game %s: log corrupt: expected entry %d, found key %x with seq %d", gameID, want, k, e.Seq)
		}
		out = append(out, e)
	}
	return out, nil
}
