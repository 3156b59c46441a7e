package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
)

// Flags, and the lookups the command layer's recover and /game list need.
//
// Schema addition (still version 1: the bucket is created on first write
// and read as empty while absent, so older files need no migration):
//
//	flags         game id -> JSON Flag: the game needs a moderator

var bFlags = []byte("flags")

// Flag says why a game needs a moderator (an internal error hit it).
type Flag struct {
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// SetNeedsModerator marks a game as needing a moderator, replacing an
// earlier mark. The reason is shown to everyone (/game status, /game
// list): it must hold nothing hidden.
func (db *DB) SetNeedsModerator(gameID, reason string, at time.Time) error {
	if gameID == "" {
		return errors.New("flag: empty game id")
	}
	b, err := json.Marshal(Flag{Reason: reason, At: at.UTC()})
	if err != nil {
		return err
	}
	return db.bolt.Update(func(tx *bbolt.Tx) error {
		fb, err := tx.CreateBucketIfNotExists(bFlags)
		if err != nil {
			return fmt.Errorf("flag game %s: %w", gameID, err)
		}
		return fb.Put([]byte(gameID), b)
	})
}

// NeedsModerator reports whether a game is marked as needing a moderator,
// and why.
func (db *DB) NeedsModerator(gameID string) (Flag, bool, error) {
	var f Flag
	ok := false
	err := db.bolt.View(func(tx *bbolt.Tx) error {
		fb := tx.Bucket(bFlags)
		if fb == nil {
			return nil
		}
		raw := fb.Get([]byte(gameID))
		if raw == nil {
			return nil
		}
		ok = true
		if err := json.Unmarshal(raw, &f); err != nil {
			f.Reason = "(unreadable flag)"
		}
		return nil
	})
	return f, ok, err
}

// ClearNeedsModerator removes the mark (a moderator acted on the game).
// Clearing an unmarked game is not an error.
func (db *DB) ClearNeedsModerator(gameID string) error {
	// A read first: most commands clear nothing, and a read costs no fsync.
	if _, ok, err := db.NeedsModerator(gameID); err != nil || !ok {
		return err
	}
	return db.bolt.Update(func(tx *bbolt.Tx) error {
		fb := tx.Bucket(bFlags)
		if fb == nil {
			return nil
		}
		return fb.Delete([]byte(gameID))
	})
}

// LiveGame is a channel with its live game.
type LiveGame struct {
	Channel string
	Game    string
}

// LiveGames lists the channels with a live game whose channel key is
// exactly one of exact, or starts with prefix (when prefix is not empty),
// in channel order.
func (db *DB) LiveGames(prefix string, exact ...string) ([]LiveGame, error) {
	var out []LiveGame
	err := db.bolt.View(func(tx *bbolt.Tx) error {
		ch := tx.Bucket(bChannels)
		seen := map[string]bool{}
		if prefix != "" {
			c := ch.Cursor()
			for k, v := c.Seek([]byte(prefix)); k != nil && bytes.HasPrefix(k, []byte(prefix)); k, v = c.Next() {
				out = append(out, LiveGame{Channel: string(k), Game: string(v)})
				seen[string(k)] = true
			}
		}
		for _, e := range exact {
			if v := ch.Get([]byte(e)); v != nil && !seen[e] {
				out = append(out, LiveGame{Channel: e, Game: string(v)})
				seen[e] = true
			}
		}
		return nil
	})
	return out, err
}

// LastSeq is the Seq of the game's last stored entry (0 for an empty log).
// It reads one key: cheap enough to take before every command.
func (db *DB) LastSeq(gameID string) (int, error) {
	seq := 0
	err := db.bolt.View(func(tx *bbolt.Tx) error {
		log := tx.Bucket(bLog).Bucket([]byte(gameID))
		if log == nil {
			return fmt.Errorf("game %s: %w", gameID, ErrNotFound)
		}
		if k, _ := log.Cursor().Last(); len(k) == 8 {
			seq = int(binary.BigEndian.Uint64(k))
		}
		return nil
	})
	return seq, err
}

// CreateGameFrom is CreateGame recording the interaction that created the
// game (source) in the processed-interaction index, in the same
// transaction: a replayed or redelivered creation finds it processed and
// makes no second game (it fails with ErrDuplicate, writing nothing). An
// empty source records nothing (the console). The index maps the source to
// the game with seq 0 (the creation, before any entry).
func (db *DB) CreateGameFrom(rec adjudicator.Record, source string) error {
	return db.createGame(rec, source)
}
