// Package storage keeps Umpire's games in one embedded bbolt file: game
// headers, append-only logs, the latest snapshot per game, the channel
// index, the processed-interaction index and deadlines.
//
// Durability (DESIGN invariant 4): every write is one bbolt transaction and
// returns only after bbolt has committed it, which fsyncs the file (NoSync is
// never set). A crash leaves either the whole transaction or none of it.
//
// At-most-once (invariant 5): Append records each entry's Source
// (interaction id) in the same transaction as the entry, and refuses an
// already processed Source with ErrDuplicate, writing nothing.
//
// Schema (version 1):
//
//	meta          "schema" -> schema version, 8-byte big-endian uint64
//	games         game id -> JSON of adjudicator.Record with Entries nil;
//	              the bucket's sequence feeds NewGameID
//	log           game id -> sub-bucket: 8-byte big-endian Seq -> JSON Entry
//	snapshots     game id -> sub-bucket: "latest" -> JSON adjudicator.Snapshot
//	channels      channel id -> game id of the channel's live game
//	interactions  source id -> JSON {"game": id, "seq": n}
//	deadlines     game id -> JSON Deadline
//
// The file holds the games' secret dice seeds, so it is created with mode
// 0600, and Open tightens an existing file whose mode lets group or others
// in (and refuses to open it if it cannot).
//
// A DB is safe for concurrent use by many goroutines. bbolt serialises
// writers, so appends to different games are committed one after another;
// callers must still keep one writer per game (invariant 5) so that a
// game's next Seq is computed against its committed log.
package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/umpirebot/umpire/adjudicator"
	"go.etcd.io/bbolt"
)

// SchemaVersion is the newest database schema this build understands.
const SchemaVersion uint64 = 1

// currentSchema is what Open writes and migrates to; a variable only so that
// tests can exercise the migration path.
var currentSchema = SchemaVersion

// migrations[v] upgrades a database from schema version v to v+1. They run
// in order inside Open's transaction, so a migration either completes with
// the new version number written or leaves the file untouched. Version 1 is
// the first schema: nothing to migrate yet.
var migrations = map[uint64]func(tx *bbolt.Tx) error{}

// lockTimeout is how long Open waits for another process's lock.
const lockTimeout = time.Second

// fileMode is the mode of the database file: it holds dice seeds.
const fileMode fs.FileMode = 0o600

var (
	bMeta         = []byte("meta")
	bGames        = []byte("games")
	bLog          = []byte("log")
	bSnapshots    = []byte("snapshots")
	bChannels     = []byte("channels")
	bInteractions = []byte("interactions")
	bDeadlines    = []byte("deadlines")

	kSchema = []byte("schema")
	kLatest = []byte("latest")
)

// allBuckets are the top-level buckets of the current schema.
var allBuckets = [][]byte{bMeta, bGames, bLog, bSnapshots, bChannels, bInteractions, bDeadlines}

var (
	// ErrNotFound: no such game, channel entry, or deadline.
	ErrNotFound = errors.New("not found")
	// ErrDuplicate: the interaction was already processed (Append), or the
	// game id is taken (CreateGame).
	ErrDuplicate = errors.New("already processed")
	// ErrChannelBusy: the channel already has a live game.
	ErrChannelBusy = errors.New("channel already has a live game")
)

// batchDelay bounds how long Append waits to share a commit.
const batchDelay = time.Millisecond

// DB is an open Umpire database.
type DB struct {
	bolt     *bbolt.DB
	path     string
	readOnly bool
}

// Open opens or creates the database at path. A new file gets the current
// schema; an older schema is migrated; a newer one, or a bbolt file that is
// not an Umpire database, is refused. If another process holds the file,
// Open fails after about a second with a "locked by another umpire" error.
// An existing empty file is refused (bbolt would silently make it a new
// database), and a damaged file gives a one-line error naming it, never a
// panic (safe.go).
func Open(path string) (*DB, error) {
	fresh, err := statDB(path, false)
	if err != nil {
		return nil, err
	}
	b, err := openBolt(path, false)
	if err != nil {
		return nil, err
	}
	if fresh {
		// bbolt fsyncs the new file but not its directory entry.
		syncDir(filepath.Dir(path))
	}
	// A lone order's commit waits at most this long for others to share
	// its fsync (Append); bbolt's default, 10 ms, is a whole budget.
	b.MaxBatchDelay = batchDelay
	db := &DB{bolt: b, path: path}
	err = db.update(db.prepare)
	if err == nil && !fresh {
		err = db.checkAtOpen()
	}
	if err != nil {
		b.Close()
		return nil, err
	}
	return db, nil
}

// syncDir makes a new file's directory entry durable; best effort.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// prepare checks the schema version, initialises a new file and migrates an
// old one, all in Open's transaction.
func (db *DB) prepare(tx *bbolt.Tx) error {
	meta := tx.Bucket(bMeta)
	if meta == nil {
		var other []string
		tx.ForEach(func(name []byte, _ *bbolt.Bucket) error {
			other = append(other, string(name))
			return nil
		})
		if len(other) > 0 {
			return fmt.Errorf("db %s is not an Umpire database (no %q bucket; it has %s)", db.path, bMeta, strings.Join(other, ", "))
		}
		m, err := tx.CreateBucket(bMeta)
		if err != nil {
			return fmt.Errorf("db %s: %w", db.path, err)
		}
		if err := m.Put(kSchema, u64(currentSchema)); err != nil {
			return fmt.Errorf("db %s: %w", db.path, err)
		}
		return db.ensureBuckets(tx)
	}
	v, err := schemaOf(meta, db.path)
	if err != nil {
		return err
	}
	for ; v < currentSchema; v++ {
		m, ok := migrations[v]
		if !ok {
			return fmt.Errorf("db %s: no migration from schema version %d to %d", db.path, v, v+1)
		}
		if err := m(tx); err != nil {
			return fmt.Errorf("db %s: migrating schema %d to %d: %w", db.path, v, v+1, err)
		}
		if err := meta.Put(kSchema, u64(v+1)); err != nil {
			return fmt.Errorf("db %s: %w", db.path, err)
		}
	}
	return db.ensureBuckets(tx)
}

// schemaOf reads the schema version from the meta bucket.
func schemaOf(meta *bbolt.Bucket, path string) (uint64, error) {
	raw := meta.Get(kSchema)
	if len(raw) != 8 {
		return 0, fmt.Errorf("db %s is not a valid Umpire database: schema version missing or malformed", path)
	}
	v := binary.BigEndian.Uint64(raw)
	if v > currentSchema {
		return 0, fmt.Errorf("db %s has schema version %d; this umpire understands up to %d: upgrade umpire", path, v, currentSchema)
	}
	return v, nil
}

func (db *DB) ensureBuckets(tx *bbolt.Tx) error {
	for _, name := range allBuckets {
		if _, err := tx.CreateBucketIfNotExists(name); err != nil {
			return fmt.Errorf("db %s: bucket %s: %w", db.path, name, err)
		}
	}
	return nil
}

// Close closes the database. It waits for running transactions.
func (db *DB) Close() error { return db.bolt.Close() }

// Path is the database file's path.
func (db *DB) Path() string { return db.path }

func u64(v uint64) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v)
	return b[:]
}

func seqKey(seq int) []byte { return u64(uint64(seq)) }

// processed is the value of an "interactions" entry.
type processed struct {
	Game string `json:"game"`
	Seq  int    `json:"seq"`
}

// header reads and decodes a game's header inside tx.
func header(tx *bbolt.Tx, gameID string) (adjudicator.Record, error) {
	var rec adjudicator.Record
	raw := tx.Bucket(bGames).Get([]byte(gameID))
	if raw == nil {
		return rec, fmt.Errorf("game %s: %w", gameID, ErrNotFound)
	}
	if err := json.Unmarshal(raw, &rec); err != nil {
		return rec, fmt.Errorf("game %s: decoding header: %w", gameID, err)
	}
	return rec, nil
}

func putHeader(tx *bbolt.Tx, rec adjudicator.Record) error {
	b, err := json.Marshal(rec.Header())
	if err != nil {
		return fmt.Errorf("game %s: encoding header: %w", rec.ID, err)
	}
	if err := tx.Bucket(bGames).Put([]byte(rec.ID), b); err != nil {
		return fmt.Errorf("game %s: writing header: %w", rec.ID, err)
	}
	return nil
}

// CreateGame stores a new game's header and claims its channel (if
// rec.Channel is set). rec must have no entries and a seed that matches its
// commitment (as adjudicator.New leaves it). It fails with ErrDuplicate if
// the id is taken and ErrChannelBusy if the channel has a live game.
func (db *DB) CreateGame(rec adjudicator.Record) error { return db.createGame(rec, "") }

// createGame is CreateGame and, with a source, CreateGameFrom.
func (db *DB) createGame(rec adjudicator.Record, source string) error {
	switch {
	case rec.ID == "":
		return errors.New("create game: empty game id")
	case len(rec.Entries) != 0:
		return fmt.Errorf("create game %s: record has %d entries; a new game has none", rec.ID, len(rec.Entries))
	case len(rec.Seed) != adjudicator.SeedSize:
		return fmt.Errorf("create game %s: seed must be %d bytes, have %d", rec.ID, adjudicator.SeedSize, len(rec.Seed))
	case rec.Commitment != adjudicator.Commitment(rec.Seed):
		return fmt.Errorf("create game %s: commitment does not match the seed", rec.ID)
	}
	return db.update(func(tx *bbolt.Tx) error {
		id := []byte(rec.ID)
		inter := tx.Bucket(bInteractions)
		if source != "" {
			if raw := inter.Get([]byte(source)); raw != nil {
				var p processed
				json.Unmarshal(raw, &p)
				return fmt.Errorf("create game %s: interaction %s was already processed (game %s): %w", rec.ID, source, p.Game, ErrDuplicate)
			}
		}
		if tx.Bucket(bGames).Get(id) != nil {
			return fmt.Errorf("create game %s: id taken: %w", rec.ID, ErrDuplicate)
		}
		if rec.Channel != "" {
			ch := tx.Bucket(bChannels)
			if g := ch.Get([]byte(rec.Channel)); g != nil {
				return fmt.Errorf("create game %s: channel %s has game %s: %w", rec.ID, rec.Channel, g, ErrChannelBusy)
			}
			if err := ch.Put([]byte(rec.Channel), id); err != nil {
				return fmt.Errorf("create game %s: %w", rec.ID, err)
			}
		}
		if err := putHeader(tx, rec); err != nil {
			return fmt.Errorf("create game: %w", err)
		}
		if _, err := tx.Bucket(bLog).CreateBucketIfNotExists(id); err != nil {
			return fmt.Errorf("create game %s: log: %w", rec.ID, err)
		}
		if source == "" {
			return nil
		}
		pb, _ := json.Marshal(processed{Game: rec.ID, Seq: 0})
		if err := inter.Put([]byte(source), pb); err != nil {
			return fmt.Errorf("create game %s: recording source: %w", rec.ID, err)
		}
		return nil
	})
}

// lastEntry is the last entry of a game's log, or nil if the log is empty.
func lastEntry(log *bbolt.Bucket, gameID string) (*adjudicator.Entry, error) {
	k, v := log.Cursor().Last()
	if k == nil {
		return nil, nil
	}
	var e adjudicator.Entry
	if err := json.Unmarshal(v, &e); err != nil {
		return nil, fmt.Errorf("game %s: decoding entry %d: %w", gameID, binary.BigEndian.Uint64(k), err)
	}
	return &e, nil
}

// Append adds entries to a game's log in one transaction, and returns only
// after it is committed to disk (invariant 4).
//
// The entries' Seq must continue the log exactly: the first is one past the
// last stored entry, the rest follow without gap. Their dice counters must
// not go back. Each non-empty Source is recorded as processed; if any
// Source was already processed (by an earlier Append, for any game) Append
// writes nothing and returns an error wrapping ErrDuplicate. Entries of one
// Append may share a Source (one interaction giving several orders); it then
// maps to the first of them.
//
// If header is not nil it replaces the stored header in the same
// transaction (for seat changes). Its ID, Title, Channel, Seed and
// Commitment must not change.
func (db *DB) Append(gameID string, entries []adjudicator.Entry, header *adjudicator.Record) error {
	// Invariant 4: the entries are on disk (fsync) when Batch returns.
	err := db.batch(func(tx *bbolt.Tx) error {
		return appendTx(tx, gameID, entries, header)
	})
	if err != nil {
		return fmt.Errorf("append: %w", err)
	}
	return nil
}

func appendTx(tx *bbolt.Tx, gameID string, entries []adjudicator.Entry, hdr *adjudicator.Record) error {
	old, err := header(tx, gameID)
	if err != nil {
		return err
	}
	log := tx.Bucket(bLog).Bucket([]byte(gameID))
	if log == nil {
		return fmt.Errorf("game %s: log bucket missing", gameID)
	}
	last, err := lastEntry(log, gameID)
	if err != nil {
		return err
	}
	lastSeq, dice := 0, uint64(0)
	if last != nil {
		lastSeq, dice = last.Seq, last.DiceTo
	}
	inter := tx.Bucket(bInteractions)
	mine := map[string]bool{}
	for i, e := range entries {
		want := lastSeq + 1 + i
		switch {
		case e.Seq < want:
			return fmt.Errorf("game %s: entry seq %d would overwrite the log (it holds 1..%d)", gameID, e.Seq, want-1)
		case e.Seq > want:
			return fmt.Errorf("game %s: entry seq %d leaves a gap (next is %d)", gameID, e.Seq, want)
		case e.DiceFrom < dice || e.DiceTo < e.DiceFrom:
			return fmt.Errorf("game %s: entry %d: dice counter goes back (%d..%d after %d)", gameID, e.Seq, e.DiceFrom, e.DiceTo, dice)
		}
		dice = e.DiceTo
		b, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("game %s: encoding entry %d: %w", gameID, e.Seq, err)
		}
		if err := log.Put(seqKey(e.Seq), b); err != nil {
			return fmt.Errorf("game %s: writing entry %d: %w", gameID, e.Seq, err)
		}
		if e.Source == "" || mine[e.Source] {
			continue
		}
		if raw := inter.Get([]byte(e.Source)); raw != nil {
			var p processed
			json.Unmarshal(raw, &p)
			return fmt.Errorf("game %s: entry %d: source %s was already processed (game %s entry %d): %w",
				gameID, e.Seq, e.Source, p.Game, p.Seq, ErrDuplicate)
		}
		mine[e.Source] = true
		pb, _ := json.Marshal(processed{Game: gameID, Seq: e.Seq})
		if err := inter.Put([]byte(e.Source), pb); err != nil {
			return fmt.Errorf("game %s: entry %d: recording source: %w", gameID, e.Seq, err)
		}
	}
	if hdr == nil {
		return nil
	}
	h := *hdr
	switch {
	case h.ID != old.ID:
		return fmt.Errorf("game %s: header rewrite names game %q", gameID, h.ID)
	case h.Title != old.Title, h.Channel != old.Channel:
		return fmt.Errorf("game %s: header rewrite may not change title or channel", gameID)
	case !bytes.Equal(h.Seed, old.Seed), h.Commitment != old.Commitment:
		return fmt.Errorf("game %s: header rewrite may not change the dice seed or commitment", gameID)
	}
	return putHeader(tx, h)
}

// Header is a game's header: its record without entries.
func (db *DB) Header(gameID string) (adjudicator.Record, error) {
	var rec adjudicator.Record
	err := db.view(func(tx *bbolt.Tx) error {
		var err error
		rec, err = header(tx, gameID)
		return err
	})
	return rec, err
}

// Record is a game's header and all its entries in Seq order. It checks
// that the stored log runs 1..n without gap.
func (db *DB) Record(gameID string) (adjudicator.Record, error) {
	var rec adjudicator.Record
	err := db.view(func(tx *bbolt.Tx) error {
		var err error
		if rec, err = header(tx, gameID); err != nil {
			return err
		}
		log := tx.Bucket(bLog).Bucket([]byte(gameID))
		if log == nil {
			return fmt.Errorf("game %s: log bucket missing", gameID)
		}
		return log.ForEach(func(k, v []byte) error {
			want := len(rec.Entries) + 1
			var e adjudicator.Entry
			if err := json.Unmarshal(v, &e); err != nil {
				return fmt.Errorf("game %s: decoding entry %d: %w", gameID, want, err)
			}
			if len(k) != 8 || binary.BigEndian.Uint64(k) != uint64(want) || e.Seq != want {
				return fmt.Errorf("game %s: log corrupt: expected entry %d, found key %x with seq %d", gameID, want, k, e.Seq)
			}
			rec.Entries = append(rec.Entries, e)
			return nil
		})
	})
	return rec, err
}

// GameInChannel is the id of the channel's live game, or ErrNotFound.
func (db *DB) GameInChannel(channel string) (string, error) {
	var id string
	err := db.view(func(tx *bbolt.Tx) error {
		g := tx.Bucket(bChannels).Get([]byte(channel))
		if g == nil {
			return fmt.Errorf("channel %s: no live game: %w", channel, ErrNotFound)
		}
		id = string(g)
		return nil
	})
	return id, err
}

// EndChannel frees a channel so that a new game can start there. The game
// stays loadable by id. Freeing a channel that is already free is not an
// error; freeing it from a game that does not hold it is.
func (db *DB) EndChannel(channel, gameID string) error {
	return db.update(func(tx *bbolt.Tx) error {
		ch := tx.Bucket(bChannels)
		g := ch.Get([]byte(channel))
		switch {
		case g == nil:
			return nil
		case string(g) != gameID:
			return fmt.Errorf("end channel %s: it holds game %s, not %s", channel, g, gameID)
		}
		// The channel's last game stays findable (/game log after the end).
		ended, err := tx.CreateBucketIfNotExists(bEnded)
		if err != nil {
			return err
		}
		if err := ended.Put([]byte(channel), []byte(gameID)); err != nil {
			return err
		}
		return ch.Delete([]byte(channel))
	})
}

// bEnded: channel -> the id of the channel's last ended game (schema 1:
// created on first write, read as empty while absent).
var bEnded = []byte("ended_channels")

// LastGameInChannel is the channel's live game, else its last ended one,
// or ErrNotFound. For a channel whose games ended before the ended index
// existed, it reads the games' headers.
func (db *DB) LastGameInChannel(channel string) (string, error) {
	if id, err := db.GameInChannel(channel); err == nil || !errors.Is(err, ErrNotFound) {
		return id, err
	}
	var id string
	err := db.view(func(tx *bbolt.Tx) error {
		if b := tx.Bucket(bEnded); b != nil {
			if v := b.Get([]byte(channel)); v != nil {
				id = string(v)
				return nil
			}
		}
		return tx.Bucket(bGames).ForEach(func(k, v []byte) error {
			var h struct {
				Channel string `json:"channel"`
			}
			if json.Unmarshal(v, &h) == nil && h.Channel == channel && (id == "" || naturalCompare(string(k), id) > 0) {
				id = string(k)
			}
			return nil
		})
	})
	if err == nil && id == "" {
		err = fmt.Errorf("channel %s: no game: %w", channel, ErrNotFound)
	}
	return id, err
}

// Games lists every stored game id, ended games included, in natural order
// ("g2" before "g10").
func (db *DB) Games() ([]string, error) {
	var ids []string
	err := db.view(func(tx *bbolt.Tx) error {
		return tx.Bucket(bGames).ForEach(func(k, _ []byte) error {
			ids = append(ids, string(k))
			return nil
		})
	})
	slices.SortFunc(ids, naturalCompare)
	return ids, err
}

// naturalCompare orders strings with runs of digits compared as numbers
// (ties such as "g2" and "g02" fall back to byte order).
func naturalCompare(a, b string) int {
	if c := naturalCmp(a, b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func naturalCmp(a, b string) int {
	for a != "" && b != "" {
		da, dB := digits(a), digits(b)
		if da > 0 && dB > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:dB], "0")
			if c := len(na) - len(nb); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[dB:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func digits(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// Processed reports whether an interaction (an entry's Source) was already
// processed, and by which game and entry.
func (db *DB) Processed(source string) (gameID string, seq int, ok bool, err error) {
	err = db.view(func(tx *bbolt.Tx) error {
		raw := tx.Bucket(bInteractions).Get([]byte(source))
		if raw == nil {
			return nil
		}
		var p processed
		if err := json.Unmarshal(raw, &p); err != nil {
			return fmt.Errorf("interaction %s: %w", source, err)
		}
		gameID, seq, ok = p.Game, p.Seq, true
		return nil
	})
	return
}

// PutSnapshot stores s as the game's latest snapshot, replacing any older
// one. A snapshot past the end of the stored log is refused: it would
// describe entries that were never committed.
func (db *DB) PutSnapshot(gameID string, s adjudicator.Snapshot) error {
	return db.update(func(tx *bbolt.Tx) error {
		if _, err := header(tx, gameID); err != nil {
			return fmt.Errorf("put snapshot: %w", err)
		}
		log := tx.Bucket(bLog).Bucket([]byte(gameID))
		n := 0
		if log != nil {
			if k, _ := log.Cursor().Last(); k != nil {
				n = int(binary.BigEndian.Uint64(k))
			}
		}
		if s.Seq < 0 || s.Seq > n {
			return fmt.Errorf("put snapshot: game %s: snapshot after entry %d, but the log holds %d entries", gameID, s.Seq, n)
		}
		b, err := json.Marshal(s)
		if err != nil {
			return fmt.Errorf("put snapshot: game %s: %w", gameID, err)
		}
		sb, err := tx.Bucket(bSnapshots).CreateBucketIfNotExists([]byte(gameID))
		if err != nil {
			return fmt.Errorf("put snapshot: game %s: %w", gameID, err)
		}
		return sb.Put(kLatest, b)
	})
}

// Snapshot is the game's latest snapshot, or nil, nil if it has none.
func (db *DB) Snapshot(gameID string) (*adjudicator.Snapshot, error) {
	var snap *adjudicator.Snapshot
	err := db.view(func(tx *bbolt.Tx) error {
		sb := tx.Bucket(bSnapshots).Bucket([]byte(gameID))
		if sb == nil {
			return nil
		}
		raw := sb.Get(kLatest)
		if raw == nil {
			return nil
		}
		snap = new(adjudicator.Snapshot)
		if err := json.Unmarshal(raw, snap); err != nil {
			return fmt.Errorf("game %s: decoding snapshot: %w", gameID, err)
		}
		return nil
	})
	return snap, err
}

// NewGameID returns a new game id: prefix followed by the next value of a
// counter kept in the database ("g1", "g2", ...). It is deterministic for a
// given database history (no clock, no randomness) and skips ids already
// taken. An empty prefix means "g". The counter is durable: an id handed out
// is never handed out again, even if its game is never created.
func (db *DB) NewGameID(prefix string) (string, error) {
	if prefix == "" {
		prefix = "g"
	}
	var id string
	err := db.update(func(tx *bbolt.Tx) error {
		games := tx.Bucket(bGames)
		for {
			n, err := games.NextSequence()
			if err != nil {
				return fmt.Errorf("new game id: %w", err)
			}
			id = prefix + strconv.FormatUint(n, 10)
			if games.Get([]byte(id)) == nil {
				return nil
			}
		}
	})
	return id, err
}
