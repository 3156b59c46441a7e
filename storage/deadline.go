package storage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
)

// Deadlines (issue 11): each game has at most one, against the decision it
// awaits. The command layer decides what a deadline is and when it acts;
// storage keeps it, indexes it by the time it next needs attention (so
// that a runner wakes at the next due time without reading every game),
// and writes it in the same transaction as the entries, the outbox
// delivery or the settings that change it, so that a deadline handled is
// handled once, even across a crash.
//
// Schema additions (still version 1: the buckets are created on first
// write and read as empty while absent, so older files need no
// migration):
//
//	deadlines      game id -> JSON Deadline (schema 1 already had it)
//	deadline_due   8-byte big-endian Next (Unix nanoseconds) + game id ->
//	               empty: the index of the deadlines by Next
//	settings       game id -> the game's settings, as the command layer
//	               encoded them (opaque here)

var (
	bDue      = []byte("deadline_due")
	bSettings = []byte("settings")
)

// ErrStale: a conditional deadline change found the deadline changed
// since it was read (someone else handled it); nothing was written.
var ErrStale = errors.New("the deadline changed meanwhile")

// Deadline is a game's pending deadline.
type Deadline struct {
	Game     string             `json:"game"`     // filled in on read
	Awaiting []adjudicator.Side `json:"awaiting"` // the side(s) it runs against
	Due      time.Time          `json:"due"`
	Reminded bool               `json:"reminded"` // a reminder was sent
	// Seq is the log length when the deadline was set, so that a deadline
	// overtaken by a later order can be recognised; 0 if unused.
	Seq int `json:"seq,omitempty"`

	// Phase and Decision name the decision it runs against (the
	// prompt's).
	Phase    string `json:"phase,omitempty"`
	Decision string `json:"decision,omitempty"`
	// Since is when the wait began; Start when its clock (re)started (an
	// absence moves it): reminders count from Start.
	Since time.Time `json:"since,omitempty"`
	Start time.Time `json:"start,omitempty"`
	// Next is when it next needs attention (a reminder, the expiry, the
	// end of an absence); zero once nothing is left to do. The runner
	// reads deadlines in Next order.
	Next time.Time `json:"next,omitempty"`
	// Sent counts the reminder times handled (sent or skipped).
	Sent int `json:"sent,omitempty"`
	// Expired: the expiry was handled without an order (the moderators
	// were called, or the settings say nothing happens).
	Expired bool `json:"expired,omitempty"`
	// Reason is how an expiry is handled when it is not by the title's
	// default ("away" when the awaited player's absence takes it now).
	Reason string `json:"reason,omitempty"`
	// Tries counts failed attempts at handling it (retried later).
	Tries int `json:"tries,omitempty"`
	// Version grows by one with every write; a conditional change names
	// the version it read.
	Version uint64 `json:"version,omitempty"`
}

// DeadlineChange is a change to a game's deadline written with other
// changes in one transaction.
type DeadlineChange struct {
	Put    *Deadline // the game's new deadline
	Delete bool      // or none
	// Check makes the change conditional: the stored deadline's Version
	// must be IfVersion (0: none stored), else ErrStale and the whole
	// transaction writes nothing.
	Check     bool
	IfVersion uint64
}

func dueKey(t time.Time, gameID string) []byte {
	return append(u64(uint64(t.UnixNano())), gameID...)
}

func getDeadline(tx *bbolt.Tx, gameID string) (*Deadline, error) {
	raw := tx.Bucket(bDeadlines).Get([]byte(gameID))
	if raw == nil {
		return nil, nil
	}
	var d Deadline
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("game %s: decoding deadline: %w", gameID, err)
	}
	d.Game = gameID
	return &d, nil
}

// changeDeadline applies c inside tx; it returns the version written (0
// for a deletion or no change).
func changeDeadline(tx *bbolt.Tx, gameID string, c *DeadlineChange) (uint64, error) {
	if c == nil {
		return 0, nil
	}
	old, err := getDeadline(tx, gameID)
	if err != nil {
		return 0, err
	}
	var have uint64
	if old != nil {
		have = old.Version
	}
	if c.Check && have != c.IfVersion {
		return 0, fmt.Errorf("game %s: deadline version %d, not %d: %w", gameID, have, c.IfVersion, ErrStale)
	}
	if c.Put == nil && !c.Delete {
		return 0, nil
	}
	due, err := tx.CreateBucketIfNotExists(bDue)
	if err != nil {
		return 0, fmt.Errorf("game %s: deadline index: %w", gameID, err)
	}
	if old != nil && !old.Next.IsZero() {
		if err := due.Delete(dueKey(old.Next, gameID)); err != nil {
			return 0, fmt.Errorf("game %s: deadline index: %w", gameID, err)
		}
	}
	if c.Put == nil {
		return 0, tx.Bucket(bDeadlines).Delete([]byte(gameID))
	}
	d := *c.Put
	d.Game = gameID
	d.Version = have + 1
	b, err := json.Marshal(d)
	if err != nil {
		return 0, fmt.Errorf("game %s: encoding deadline: %w", gameID, err)
	}
	if err := tx.Bucket(bDeadlines).Put([]byte(gameID), b); err != nil {
		return 0, err
	}
	if !d.Next.IsZero() {
		if err := due.Put(dueKey(d.Next, gameID), nil); err != nil {
			return 0, fmt.Errorf("game %s: deadline index: %w", gameID, err)
		}
	}
	return d.Version, nil
}

// PutDeadline sets or replaces a game's deadline.
func (db *DB) PutDeadline(gameID string, d Deadline) error {
	return db.update(func(tx *bbolt.Tx) error {
		if _, err := header(tx, gameID); err != nil {
			return fmt.Errorf("put deadline: %w", err)
		}
		_, err := changeDeadline(tx, gameID, &DeadlineChange{Put: &d})
		return err
	})
}

// Deadline is a game's deadline, or ErrNotFound.
func (db *DB) Deadline(gameID string) (Deadline, error) {
	var d *Deadline
	err := db.view(func(tx *bbolt.Tx) error {
		var err error
		d, err = getDeadline(tx, gameID)
		return err
	})
	if err != nil {
		return Deadline{}, err
	}
	if d == nil {
		return Deadline{}, fmt.Errorf("game %s: no deadline: %w", gameID, ErrNotFound)
	}
	return *d, nil
}

// DeleteDeadline removes a game's deadline; removing none is not an error.
func (db *DB) DeleteDeadline(gameID string) error {
	return db.update(func(tx *bbolt.Tx) error {
		_, err := changeDeadline(tx, gameID, &DeadlineChange{Delete: true})
		return err
	})
}

// Deadlines lists every stored deadline, soonest due first (ties by game
// id). It reads them all: for tools; the runner uses DueDeadlines.
func (db *DB) Deadlines() ([]Deadline, error) {
	var out []Deadline
	err := db.view(func(tx *bbolt.Tx) error {
		return tx.Bucket(bDeadlines).ForEach(func(k, v []byte) error {
			var d Deadline
			if err := json.Unmarshal(v, &d); err != nil {
				return fmt.Errorf("game %s: decoding deadline: %w", k, err)
			}
			d.Game = string(k)
			out = append(out, d)
			return nil
		})
	})
	slices.SortFunc(out, func(a, b Deadline) int {
		if c := a.Due.Compare(b.Due); c != 0 {
			return c
		}
		return naturalCompare(a.Game, b.Game)
	})
	return out, err
}

// DueDeadlines lists the deadlines whose Next is at or before until, in
// Next order (ties by game id), at most max (all if max <= 0). It reads
// the index: the cost is that of the deadlines returned, not of every
// game.
func (db *DB) DueDeadlines(until time.Time, max int) ([]Deadline, error) {
	var out []Deadline
	err := db.view(func(tx *bbolt.Tx) error {
		due := tx.Bucket(bDue)
		if due == nil {
			return nil
		}
		c := due.Cursor()
		limit := uint64(until.UnixNano())
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if len(k) < 9 {
				return corrupt(db.path, fmt.Sprintf("deadline index key of %d bytes", len(k)))
			}
			if binary.BigEndian.Uint64(k) > limit {
				break
			}
			d, err := getDeadline(tx, string(k[8:]))
			if err != nil {
				return err
			}
			if d == nil || uint64(d.Next.UnixNano()) != binary.BigEndian.Uint64(k) {
				continue // an index key without its deadline, or stale: ignored
			}
			out = append(out, *d)
			if max > 0 && len(out) >= max {
				break
			}
		}
		return nil
	})
	return out, err
}

// NextDue is the earliest Next of any deadline; ok is false when no
// deadline needs attention.
func (db *DB) NextDue() (t time.Time, ok bool, err error) {
	err = db.view(func(tx *bbolt.Tx) error {
		due := tx.Bucket(bDue)
		if due == nil {
			return nil
		}
		c := due.Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			if len(k) < 9 {
				continue
			}
			// Only a key that is its deadline's Next counts.
			d, err := getDeadline(tx, string(k[8:]))
			if err != nil || d == nil || uint64(d.Next.UnixNano()) != binary.BigEndian.Uint64(k) {
				continue
			}
			t, ok = d.Next.UTC(), true
			return nil
		}
		return nil
	})
	return t, ok, err
}

// AppendWith is AppendOut changing the game's deadline in the same
// transaction (dl may be nil). A conditional change that finds the
// deadline changed fails with ErrStale and writes nothing.
func (db *DB) AppendWith(gameID string, entries []adjudicator.Entry, header *adjudicator.Record, out []byte, dl *DeadlineChange) error {
	if len(out) > 0 && len(entries) == 0 {
		return fmt.Errorf("append: game %s: a delivery needs the entries it follows", gameID)
	}
	err := db.batch(func(tx *bbolt.Tx) error {
		if err := appendTx(tx, gameID, entries, header); err != nil {
			return err
		}
		if len(out) > 0 {
			if err := putOut(tx, gameID, entries[len(entries)-1].Seq, out); err != nil {
				return err
			}
		}
		_, err := changeDeadline(tx, gameID, dl)
		return err
	})
	if err != nil {
		return fmt.Errorf("append: %w", err)
	}
	return nil
}

// Extra is what a change that adds no entry writes for a game, in one
// transaction: a delivery for the outbox (after the log's last entry),
// the game's settings, its deadline. Nil parts are left alone.
type Extra struct {
	// Out, if set, encodes the delivery given its outbox key (seq, sub),
	// which the transaction assigns.
	Out      func(seq, sub int) ([]byte, error)
	Settings []byte
	Deadline *DeadlineChange
}

// WriteExtra writes x for a game in one transaction, durably; it returns
// the delivery's outbox key (seq, sub) when x has one. A conditional
// deadline change that finds the deadline changed fails with ErrStale
// and writes nothing.
func (db *DB) WriteExtra(gameID string, x Extra) (seq, sub int, err error) {
	err = db.update(func(tx *bbolt.Tx) error {
		seq, sub = 0, 0
		if _, err := header(tx, gameID); err != nil {
			return err
		}
		if _, err := changeDeadline(tx, gameID, x.Deadline); err != nil {
			return err
		}
		if x.Settings != nil {
			b, err := tx.CreateBucketIfNotExists(bSettings)
			if err != nil {
				return err
			}
			if err := b.Put([]byte(gameID), x.Settings); err != nil {
				return err
			}
		}
		if x.Out != nil {
			var err error
			if seq, sub, err = putExtra(tx, gameID, x.Out); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, 0, fmt.Errorf("game %s: %w", gameID, err)
	}
	return seq, sub, nil
}

// Settings is a game's stored settings, or nil if it has none.
func (db *DB) Settings(gameID string) ([]byte, error) {
	var out []byte
	err := db.view(func(tx *bbolt.Tx) error {
		if b := tx.Bucket(bSettings); b != nil {
			if v := b.Get([]byte(gameID)); v != nil {
				out = append([]byte(nil), v...)
			}
		}
		return nil
	})
	return out, err
}
