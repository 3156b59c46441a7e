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
//	              delivery, as the command layer encoded it (opaque here)
//
// Seq is the game's log length after the command, so a game's deliveries
// sort in commit order.

var bOutbox = []byte("outbox")

// Outgoing is one pending delivery of a game.
type Outgoing struct {
	Seq  int
	Data []byte
}

// AppendOut is Append, writing out as the game's delivery after its last
// entry in the same transaction (nothing is written if out is empty).
func (db *DB) AppendOut(gameID string, entries []adjudicator.Entry, header *adjudicator.Record, out []byte) error {
	if len(out) > 0 && len(entries) == 0 {
		return fmt.Errorf("append: game %s: a delivery needs the entries it follows", gameID)
	}
	err := db.batch(func(tx *bbolt.Tx) error {
		if err := appendTx(tx, gameID, entries, header); err != nil {
			return err
		}
		if len(out) == 0 {
			return nil
		}
		return putOut(tx, gameID, entries[len(entries)-1].Seq, out)
	})
	if err != nil {
		return fmt.Errorf("append: %w", err)
	}
	return nil
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
			if len(k) != 8 {
				return corrupt(db.path, fmt.Sprintf("game %s: outbox key of %d bytes", gameID, len(k)))
			}
			out = append(out, Outgoing{Seq: int(binary.BigEndian.Uint64(k)), Data: append([]byte(nil), v...)})
			if max > 0 && len(out) >= max {
				break
			}
		}
		return nil
	})
	return out, err
}

// Delivered removes a game's delivery after entry seq; removing one that
// is not there is not an error (a delivery retried after a restart).
func (db *DB) Delivered(gameID string, seq int) error {
	return db.update(func(tx *bbolt.Tx) error {
		ob := tx.Bucket(bOutbox)
		if ob == nil {
			return nil
		}
		gb := ob.Bucket([]byte(gameID))
		if gb == nil {
			return nil
		}
		if err := gb.Delete(seqKey(seq)); err != nil {
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
