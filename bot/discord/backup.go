package discord

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// Backups writes a consistent copy of the bot's database every Every into
// Dir, keeping the newest Keep (issue 12 item 4). It runs inside the bot
// because bbolt's file lock keeps every other process, umpire backup
// included, out of the file while the bot holds it. Copies are named
// umpire-YYYYMMDDTHHMMSSZ.db (UTC), so that their names sort by age.
type Backups struct {
	DB    *storage.DB
	Dir   string
	Every time.Duration
	Keep  int
	Log   *slog.Logger
	// Now and After are the clock (injectable for tests).
	Now   func() time.Time
	After func(time.Duration) <-chan time.Time
}

const backupPrefix, backupSuffix = "umpire-", ".db"

// Run writes a backup every Every until ctx ends.
func (b *Backups) Run(ctx context.Context) {
	after := b.After
	if after == nil {
		after = time.After
	}
	for {
		select {
		case <-ctx.Done():
			return
		case <-after(b.Every):
		}
		if path, err := b.Once(); err != nil {
			b.Log.Error("periodic backup failed", "dir", b.Dir, "err", err)
		} else {
			b.Log.Info("periodic backup written", "file", path)
		}
	}
}

// Once writes one backup now and removes those beyond Keep.
func (b *Backups) Once() (string, error) {
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	if err := os.MkdirAll(b.Dir, 0o700); err != nil {
		return "", err
	}
	path := filepath.Join(b.Dir, backupPrefix+now().UTC().Format("20060102T150405Z")+backupSuffix)
	if _, err := b.DB.BackupTo(path); err != nil {
		return "", err
	}
	return path, b.prune()
}

func (b *Backups) prune() error {
	ents, err := os.ReadDir(b.Dir)
	if err != nil {
		return err
	}
	var names []string
	for _, e := range ents {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	keep := max(b.Keep, 1)
	for len(names) > keep {
		if err := os.Remove(filepath.Join(b.Dir, names[0])); err != nil {
			return fmt.Errorf("removing an old backup: %w", err)
		}
		names = names[1:]
	}
	return nil
}

// startUpkeep applies the [cache] settings to the service and starts the
// periodic backups of [backup], if set; Run calls it before serving.
func startUpkeep(ctx context.Context, cfg Config, svc *bot.Service, log *slog.Logger) {
	if cfg.Cache.MaxGames > 0 {
		svc.MaxGames = cfg.Cache.MaxGames
	}
	if d, err := time.ParseDuration(cfg.Cache.IdleAfter); err == nil && d > 0 {
		svc.IdleAfter = d
	}
	every, err := time.ParseDuration(cfg.Backup.Interval)
	if cfg.Backup.Dir == "" || err != nil || every <= 0 {
		log.Warn("no periodic backups: set [backup] interval and dir in the config (umpire backup cannot read the database while the bot holds it)")
		return
	}
	b := &Backups{DB: svc.DB, Dir: cfg.Backup.Dir, Every: every, Keep: cfg.Backup.Keep, Log: log}
	log.Info("periodic backups", "dir", b.Dir, "every", every, "keep", max(b.Keep, 1))
	go b.Run(ctx)
}
