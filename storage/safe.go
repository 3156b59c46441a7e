package storage

// A damaged database fails loudly (issue 12): bbolt trusts its file, and a
// truncated or corrupted one makes it panic (or fault on a page of its
// memory map past the end of the file) at open or on a later read. Every
// bbolt call here runs under guard, which turns such a panic or fault into
// an error naming the file; Open refuses an empty file it did not create
// and runs bbolt's consistency check on files small enough for it to be
// cheap.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"
)

// checkAtOpenLimit: Open runs bbolt's consistency check on files up to this
// size (it reads every page: about 1 ms per MiB here); a larger file is
// checked with umpire check.
var checkAtOpenLimit int64 = 64 << 20

// ErrCorrupt wraps every error that says the file is damaged.
var ErrCorrupt = errors.New("restore it from a backup")

// ErrInUse: a read-only open found the file held by a running umpire.
var ErrInUse = errors.New("database is in use by a running umpire")

// guard runs f, turning a panic or a memory fault inside bbolt (a damaged
// page) into an error naming the file.
func guard(path string, f func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = corrupt(path, fmt.Sprint(r))
		}
	}()
	return f()
}

// corrupt is the one-line error for a damaged file.
func corrupt(path, what string) error {
	what = strings.TrimSpace(strings.SplitN(what, "\n", 2)[0])
	return fmt.Errorf("db %s is corrupted (%s): %w", path, what, ErrCorrupt)
}

func (db *DB) view(f func(tx *bbolt.Tx) error) error {
	return db.damaged(guard(db.path, func() error { return db.bolt.View(f) }))
}

func (db *DB) update(f func(tx *bbolt.Tx) error) error {
	return db.damaged(guard(db.path, func() error { return db.bolt.Update(f) }))
}

// batch is update for a write that may share its transaction, and its
// fsync, with other games' writes arriving at the same moment (bbolt's
// Batch): under many concurrent players each acknowledgement waits for one
// commit instead of a queue of them. f may run more than once (after
// another function of the batch fails), so it must depend only on tx.
func (db *DB) batch(f func(tx *bbolt.Tx) error) error {
	return db.damaged(guard(db.path, func() error { return db.bolt.Batch(f) }))
}

// damaged words an undecodable stored value as a damaged file.
func (db *DB) damaged(err error) error {
	if err == nil || errors.Is(err, ErrCorrupt) {
		return err
	}
	if msg := err.Error(); strings.Contains(msg, "decoding ") || strings.Contains(msg, "log corrupt") {
		return corrupt(db.path, msg)
	}
	return err
}

// statDB checks the file before bbolt sees it. fresh reports that it does
// not exist (Open creates it).
func statDB(path string, readOnly bool) (fresh bool, err error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !readOnly:
		return true, nil
	case errors.Is(err, fs.ErrNotExist):
		return false, fmt.Errorf("open db %s: no such file", path)
	case err != nil:
		return false, fmt.Errorf("open db %s: %w", path, err)
	case !st.Mode().IsRegular():
		return false, fmt.Errorf("open db %s: not a regular file", path)
	case st.Size() == 0:
		// bbolt would take an empty file for a new database and initialise
		// it: a file truncated to nothing would silently become an empty
		// game list.
		return false, fmt.Errorf("open db %s: the file is empty (0 bytes), not an Umpire database: restore it from a backup, or remove it to start a new database", path)
	case !readOnly && st.Mode().Perm()&0o077 != 0:
		// Tighten rather than warn: the package has no logger, and a seed
		// file readable by others is never what the operator wants.
		if err := os.Chmod(path, fileMode); err != nil {
			return false, fmt.Errorf("open db %s: mode is %v and holds secret dice seeds; could not restrict it to %v: %w",
				path, st.Mode().Perm(), fileMode, err)
		}
	}
	return false, nil
}

// openBolt opens the bbolt file under guard and words its errors.
func openBolt(path string, readOnly bool) (*bbolt.DB, error) {
	var b *bbolt.DB
	err := guard(path, func() error {
		var err error
		b, err = bbolt.Open(path, fileMode, &bbolt.Options{Timeout: lockTimeout, ReadOnly: readOnly})
		return err
	})
	switch {
	case err == nil:
		return b, nil
	case errors.Is(err, bolterrors.ErrTimeout) && readOnly:
		return nil, fmt.Errorf("open db %s: %w: bbolt lets no other process read a file while its writer holds it (waited %v); run this on a copy from the bot's periodic backups ([backup] in its config), or stop the bot first",
			path, ErrInUse, lockTimeout)
	case errors.Is(err, bolterrors.ErrTimeout):
		return nil, fmt.Errorf("open db %s: database is locked by another umpire (waited %v)", path, lockTimeout)
	case errors.Is(err, bolterrors.ErrInvalid), errors.Is(err, bolterrors.ErrVersionMismatch):
		return nil, fmt.Errorf("open db %s: not an Umpire database (not a bbolt database at all)", path)
	case errors.Is(err, bolterrors.ErrChecksum):
		return nil, corrupt(path, "both header pages fail their checksum")
	case errors.Is(err, ErrCorrupt):
		return nil, err
	case strings.Contains(err.Error(), "file size too small"), strings.Contains(err.Error(), "mmap"):
		return nil, corrupt(path, "truncated: "+err.Error())
	}
	return nil, fmt.Errorf("open db %s: %w", path, err)
}

// checkAtOpen runs bbolt's consistency check if the file is small enough.
func (db *DB) checkAtOpen() error {
	st, err := os.Stat(db.path)
	if err != nil || st.Size() > checkAtOpenLimit {
		return nil
	}
	if problems := db.Check(1); len(problems) > 0 {
		return corrupt(db.path, problems[0])
	}
	return nil
}

// Check checks the whole file and returns up to max problems found (all
// if max <= 0), each naming the page ("page 12: ..."), or none: first a
// bounded walk of the file's pages (walkFile), then, if the pages are
// sound, bbolt's consistency check, then a read of every key and value.
func (db *DB) Check(max int) []string {
	if err := guard(db.path, func() error { return walkFile(db.path) }); err != nil {
		return []string{strings.TrimPrefix(err.Error(), "db "+db.path+" is corrupted ")}
	}
	var out []string
	err := guard(db.path, func() error {
		return db.bolt.View(func(tx *bbolt.Tx) error {
			for err := range tx.Check() {
				if max <= 0 || len(out) < max {
					out = append(out, fmt.Sprint(err))
				}
			}
			if len(out) > 0 {
				return nil
			}
			var walk func(b *bbolt.Bucket) error
			walk = func(b *bbolt.Bucket) error {
				return b.ForEach(func(k, v []byte) error {
					if v == nil {
						if sub := b.Bucket(k); sub != nil {
							return walk(sub)
						}
					}
					return nil
				})
			}
			return tx.ForEach(func(_ []byte, b *bbolt.Bucket) error { return walk(b) })
		})
	})
	if err != nil {
		out = append(out, err.Error())
	}
	for i, p := range out {
		out[i] = strings.TrimSpace(strings.SplitN(p, "\n", 2)[0])
	}
	return out
}

// OpenReadOnly opens an existing database for reading only: it never
// writes the file (no schema set-up or migration, no mode change) and can
// be held by several readers at once. bbolt locks the file, so it cannot be
// opened while a writer (the bot, umpire play) holds it: the error then
// wraps ErrInUse and says so.
func OpenReadOnly(path string) (*DB, error) {
	if _, err := statDB(path, true); err != nil {
		return nil, err
	}
	b, err := openBolt(path, true)
	if err != nil {
		return nil, err
	}
	db := &DB{bolt: b, path: path, readOnly: true}
	err = db.view(func(tx *bbolt.Tx) error {
		meta := tx.Bucket(bMeta)
		if meta == nil {
			return fmt.Errorf("db %s is not an Umpire database (no %q bucket)", path, bMeta)
		}
		v, err := schemaOf(meta, path)
		if err != nil {
			return err
		}
		if v != currentSchema {
			return fmt.Errorf("db %s has schema version %d; this umpire reads %d: open it once with umpire play or the bot to migrate it", path, v, currentSchema)
		}
		for _, name := range allBuckets {
			if tx.Bucket(name) == nil {
				return fmt.Errorf("db %s is not a valid Umpire database: bucket %s is missing", path, name)
			}
		}
		return nil
	})
	if err == nil {
		err = db.checkAtOpen()
	}
	if err != nil {
		b.Close()
		return nil, err
	}
	return db, nil
}

// BackupTo writes a consistent copy of the database to path, online: it is
// one read transaction (bbolt's Tx.WriteTo), so writers go on meanwhile
// and the copy is the database as of one commit. The copy is written to a
// temporary file beside path, synced, then renamed over it, so path never
// holds half a backup. It returns the copy's size.
func (db *DB) BackupTo(path string) (int64, error) {
	if abs(path) == abs(db.path) {
		return 0, fmt.Errorf("backup %s: the copy would overwrite the database itself", path)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return 0, fmt.Errorf("backup %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename: no-op
	if err := tmp.Chmod(fileMode); err != nil {
		tmp.Close()
		return 0, fmt.Errorf("backup %s: %w", path, err)
	}
	var n int64
	err = db.view(func(tx *bbolt.Tx) error {
		var err error
		n, err = tx.WriteTo(tmp)
		return err
	})
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return 0, fmt.Errorf("backup of %s to %s: %w", db.path, path, err)
	}
	syncDir(dir)
	return n, nil
}

func abs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// ReadOnly reports whether the database was opened with OpenReadOnly.
func (db *DB) ReadOnly() bool { return db.readOnly }
