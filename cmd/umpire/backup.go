package main

import (
	"fmt"
	"io"

	"github.com/umpirebot/umpire/storage"
)

func init() { subcommands["backup"] = cmdBackup }

// cmdBackup writes a consistent copy of a database:
//
//	umpire backup --db FILE --out FILE
//
// It opens the database read-only and copies it in one read transaction
// (bbolt's Tx.WriteTo), then checks the copy. bbolt's file lock keeps every
// other process out while a writer (the bot, umpire play) holds the file,
// so this runs while the bot is stopped; a running bot writes its own
// backups ([backup] in its config).
func cmdBackup(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("backup", stderr)
	dbPath := fs.String("db", "umpire.db", "bbolt database `file` to copy")
	out := fs.String("out", "", "`file` to write the copy to (replaced atomically)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: umpire backup --db FILE --out FILE")
		return errUsage
	}
	db, err := storage.OpenReadOnly(*dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.BackupTo(*out)
	if err != nil {
		return err
	}
	cp, err := storage.OpenReadOnly(*out)
	if err != nil {
		return fmt.Errorf("the copy does not open: %w", err)
	}
	defer cp.Close()
	if p := cp.Check(1); len(p) > 0 {
		return fmt.Errorf("the copy %s fails its check: %s", *out, p[0])
	}
	fmt.Fprintf(stdout, "Backed up %s to %s (%d bytes); the copy passes bbolt's consistency check.\n", *dbPath, *out, n)
	return nil
}
