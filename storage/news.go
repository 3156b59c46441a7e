package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.etcd.io/bbolt"
)

// Private news kept for a player who cannot get it by DM (issue 11, item
// 5): a side's events caused by another player's command, beside the
// outbox they came from, until the player's next interaction shows them.
//
// Schema addition (still version 1: the bucket is created on first write
// and read as empty while absent, so older files need no migration):
//
//	news          user id -> sub-bucket: news key -> JSON News
//
// Keeping is idempotent by key (a delivery sent again after a restart
// keeps its news once), and taking leaves a tombstone while the delivery
// the news came from is still in its game's outbox (it could be sent
// again, and must not bring the news back); tombstones go once it is not.

var bNews = []byte("news")

// News is one piece of private news kept for a player.
type News struct {
	// Key names it uniquely: NewsKey for a delivery's, or any key unique
	// to its message.
	Key     string    `json:"key"`
	Game    string    `json:"game"`
	Channel string    `json:"channel,omitempty"`
	Text    string    `json:"text,omitempty"`
	At      time.Time `json:"at"`
	// Outbox: it comes from the game's outbox delivery (Seq, Sub).
	Outbox bool `json:"outbox,omitempty"`
	Seq    int  `json:"seq,omitempty"`
	Sub    int  `json:"sub,omitempty"`
	// Taken: shown, kept only as a tombstone.
	Taken bool `json:"taken,omitempty"`
}

// NewsKey is the key of the news a game's delivery (seq, sub) holds for
// one player.
func NewsKey(game string, seq, sub int) string { return fmt.Sprintf("d/%s/%d/%d", game, seq, sub) }

// maxNewsText bounds one piece of news (runes are not split: bytes).
const maxNewsText = 16000

// KeepNews keeps news for user. News already kept under its key (or
// already taken, while its delivery could come again) is not kept twice.
func (db *DB) KeepNews(user string, n News) error {
	switch {
	case user == "":
		return errors.New("keep news: no user")
	case n.Key == "":
		return errors.New("keep news: no key")
	}
	if len(n.Text) > maxNewsText {
		cut := strings.ToValidUTF8(n.Text[:maxNewsText], "")
		n.Text = cut + "\n… (cut)"
	}
	n.At = n.At.UTC()
	n.Taken = false
	b, err := json.Marshal(n)
	if err != nil {
		return err
	}
	return db.update(func(tx *bbolt.Tx) error {
		nb, err := tx.CreateBucketIfNotExists(bNews)
		if err != nil {
			return err
		}
		ub, err := nb.CreateBucketIfNotExists([]byte(user))
		if err != nil {
			return err
		}
		if ub.Get([]byte(n.Key)) != nil {
			return nil
		}
		return ub.Put([]byte(n.Key), b)
	})
}

// PendingNews lists the news kept for user and not yet taken, oldest
// first.
func (db *DB) PendingNews(user string) ([]News, error) {
	var out []News
	err := db.view(func(tx *bbolt.Tx) error {
		nb := tx.Bucket(bNews)
		if nb == nil {
			return nil
		}
		ub := nb.Bucket([]byte(user))
		if ub == nil {
			return nil
		}
		return ub.ForEach(func(k, v []byte) error {
			var n News
			if err := json.Unmarshal(v, &n); err != nil {
				return fmt.Errorf("user %s: decoding news %q: %w", user, k, err)
			}
			if !n.Taken {
				out = append(out, n)
			}
			return nil
		})
	})
	slices.SortStableFunc(out, func(a, b News) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		if a.Game != b.Game {
			return naturalCompare(a.Game, b.Game)
		}
		if a.Seq != b.Seq {
			return a.Seq - b.Seq
		}
		if a.Sub != b.Sub {
			return a.Sub - b.Sub
		}
		return strings.Compare(a.Key, b.Key)
	})
	return out, err
}

// TakeNews marks the news under keys as shown to user: removed, or
// kept as a tombstone while the delivery it came from is still in its
// game's outbox. It also drops the user's tombstones whose delivery is
// gone.
func (db *DB) TakeNews(user string, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	return db.update(func(tx *bbolt.Tx) error {
		nb := tx.Bucket(bNews)
		if nb == nil {
			return nil
		}
		ub := nb.Bucket([]byte(user))
		if ub == nil {
			return nil
		}
		take := map[string]bool{}
		for _, k := range keys {
			take[k] = true
		}
		var drop [][]byte
		var tomb []News
		err := ub.ForEach(func(k, v []byte) error {
			var n News
			if err := json.Unmarshal(v, &n); err != nil {
				drop = append(drop, append([]byte(nil), k...))
				return nil
			}
			if !take[n.Key] && !n.Taken {
				return nil
			}
			if n.Outbox && holdsOut(tx, n.Game, n.Seq, n.Sub) {
				if !n.Taken {
					n.Taken, n.Text = true, ""
					tomb = append(tomb, n)
				}
				return nil
			}
			drop = append(drop, append([]byte(nil), k...))
			return nil
		})
		if err != nil {
			return err
		}
		for _, n := range tomb {
			b, err := json.Marshal(n)
			if err != nil {
				return err
			}
			if err := ub.Put([]byte(n.Key), b); err != nil {
				return err
			}
		}
		for _, k := range drop {
			if err := ub.Delete(k); err != nil {
				return err
			}
		}
		if k, _ := ub.Cursor().First(); k == nil {
			return nb.DeleteBucket([]byte(user))
		}
		return nil
	})
}
