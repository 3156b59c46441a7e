package storage

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// The outbox (DESIGN: an order is acknowledged at its durable commit):
// what a committed command changed for others than its caller (the
// channel's post, other players' private news, the map to draw) is
// written in the same transaction as the command's entries, and removed
// once a transport has delivered it. A restart in between finds it here
// and delivers it then, once.
//
// Schema addition (still version 1: the bucket is created on first write
// and read as empty while absent, so older files need no migration):
//
//	outbox        game id -> sub-bucket: 8-byte big-endian Seq -> the
//	              delivery, as the command layer encoded it (opaque here);
//	              or 8-byte Seq + 8-byte Sub -> a delivery that follows
//	              no entry (a deadline's reminder, a settings change),
//	              after the delivery of entry Seq
//
// Seq is the game's log length after the command, so a game's deliveries
// sort in commit order; Sub numbers the entry-less deliveries written
// while the log held Seq entries (from 1), and sorts them after it.

var bOutbox = []byte("outbox")

// Outgoing is one pending delivery of a game: after entry Seq, and Sub
// (from 1) for a delivery that follows no entry.
type Outgoing struct {
	Seq, Sub int
	Data     []byte
}

// outKey is a delivery's key in its game's outbox.
func outKey(seq, sub int) []byte {
	if sub == 0 {
		return seqKey(seq)
	}
	return append(seqKey(seq), u64(uint64(sub))...)
}

// AppendOut is Append, writing out as the game's delivery after its last
// entry in the same transaction (nothing is written if out is empty).
func (db *DB) AppendOut(gameID string, entries []adjudicator.Entry, header *adjudicator.Record, out []byte) error {
	return db.AppendWith(gameID, entries, header, out, nil)
}

func putOut(tx *bbolt.Tx, gameID string, seq int, out []byte) error {
	ob, err := tx.CreateBucketIfNotExists(bOutbox)
	if err != nil {
		return fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	gb, err := ob.CreateBucketIfNotExists([]byte(gameID))
	if err != nil {
		return fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	if gb.Get(seqKey(seq)) != nil {
		return fmt.Errorf("game %s: outbox already holds a delivery after entry %d", gameID, seq)
	}
	return gb.Put(seqKey(seq), out)
}

// Outbox lists a game's pending deliveries, oldest first (at most max;
// all if max <= 0).
func (db *DB) Outbox(gameID string, max int) ([]Outgoing, error) {
	var out []Outgoing
	err := db.view(func(tx *bbolt.Tx) error {
		ob := tx.Bucket(bOutbox)
		if ob == nil {
			return nil
		}
		gb := ob.Bucket([]byte(gameID))
		if gb == nil {
			return nil
		}
		c := gb.Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if len(k) != 8 && len(k) != 16 {
				return corrupt(db.path, fmt.Sprintf("game %s: outbox key of %d bytes", gameID, len(k)))
			}
			o := Outgoing{Seq: int(binary.BigEndian.Uint64(k)), Data: append([]byte(nil), v...)}
			if len(k) == 16 {
				o.Sub = int(binary.BigEndian.Uint64(k[8:]))
			}
			out = append(out, o)
			if max > 0 && len(out) >= max {
				break
			}
		}
		return nil
	})
	return out, err
}

// Delivered removes a game's delivery (seq, sub); removing one that is
// not there is not an error (a delivery retried after a restart).
func (db *DB) Delivered(gameID string, seq, sub int) error {
	return db.batch(func(tx *bbolt.Tx) error {
		ob := tx.Bucket(bOutbox)
		if ob == nil {
			return nil
		}
		gb := ob.Bucket([]byte(gameID))
		if gb == nil {
			return nil
		}
		if err := gb.Delete(outKey(seq, sub)); err != nil {
			return fmt.Errorf("game %s: outbox: %w", gameID, err)
		}
		if k, _ := gb.Cursor().First(); k == nil {
			if err := ob.DeleteBucket([]byte(gameID)); err != nil && !errors.Is(err, bolterrors.ErrBucketNotFound) {
				return fmt.Errorf("game %s: outbox: %w", gameID, err)
			}
		}
		return nil
	})
}

// OutboxGames lists the games with pending deliveries.
func (db *DB) OutboxGames() ([]string, error) {
	var ids []string
	err := db.view(func(tx *bbolt.Tx) error {
		ob := tx.Bucket(bOutbox)
		if ob == nil {
			return nil
		}
		return ob.ForEach(func(k, v []byte) error {
			if v == nil {
				ids = append(ids, string(k))
			}
			return nil
		})
	})
	return ids, err
}

// holdsOut reports whether a game's outbox still holds delivery (seq, sub).
func holdsOut(tx *bbolt.Tx, gameID string, seq, sub int) bool {
	ob := tx.Bucket(bOutbox)
	if ob == nil {
		return false
	}
	gb := ob.Bucket([]byte(gameID))
	return gb != nil && gb.Get(outKey(seq, sub)) != nil
}

// putExtra writes a delivery that follows no entry: after the log's last
// entry, numbered after the extra deliveries already there. It returns
// its (seq, sub).
func putExtra(tx *bbolt.Tx, gameID string, encode func(seq, sub int) ([]byte, error)) (int, int, error) {
	log := tx.Bucket(bLog).Bucket([]byte(gameID))
	if log == nil {
		return 0, 0, fmt.Errorf("game %s: %w", gameID, ErrNotFound)
	}
	seq := 0
	if k, _ := log.Cursor().Last(); len(k) == 8 {
		seq = int(binary.BigEndian.Uint64(k))
	}
	ob, err := tx.CreateBucketIfNotExists(bOutbox)
	if err != nil {
		return 0, 0, fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	gb, err := ob.CreateBucketIfNotExists([]byte(gameID))
	if err != nil {
		return 0, 0, fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	// The extra deliveries after entry seq sort right after its own: the
	// last key with seq's prefix names the last sub used. The sub is kept
	// in the game's meta too, so that a sub is never reused after its
	// delivery went out (a reused nonce would be taken by Discord for the
	// earlier message).
	sub := int(lastSub(tx, gameID, seq)) + 1
	if err := setLastSub(tx, gameID, seq, uint64(sub)); err != nil {
		return 0, 0, err
	}
	out, err := encode(seq, sub)
	if err != nil {
		return 0, 0, fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	if len(out) == 0 {
		return 0, 0, fmt.Errorf("game %s: outbox: an empty delivery", gameID)
	}
	if err := gb.Put(outKey(seq, sub), out); err != nil {
		return 0, 0, fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	return seq, sub, nil
}

// bOutSub: game id -> 16 bytes: the seq and the last sub of the extra
// deliveries written after it.
var bOutSub = []byte("outbox_subs")

func lastSub(tx *bbolt.Tx, gameID string, seq int) uint64 {
	b := tx.Bucket(bOutSub)
	if b == nil {
		return 0
	}
	v := b.Get([]byte(gameID))
	if len(v) != 16 || binary.BigEndian.Uint64(v) != uint64(seq) {
		return 0
	}
	return binary.BigEndian.Uint64(v[8:])
}

func setLastSub(tx *bbolt.Tx, gameID string, seq int, sub uint64) error {
	b, err := tx.CreateBucketIfNotExists(bOutSub)
	if err != nil {
		return fmt.Errorf("game %s: outbox: %w", gameID, err)
	}
	return b.Put([]byte(gameID), append(seqKey(seq), u64(sub)...))
}
