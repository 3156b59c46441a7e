package discord

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/storage"
)

// Issue 11, item 5: a player who takes no DMs gets the private news of
// their side with their next interaction, after a restart too (the
// service and the bot are gone between the event and the command, as
// after a SIGKILL); /game news shows what waits; nothing is shown twice,
// and a delivery sent again after a crash does not bring it back.
func TestNews_KeptAcrossARestart(t *testing.T) {
	h := newHarness(t)
	setUp(t, h)
	h.fake.take()
	key := ChannelKey(guildA, chanA)
	id, err := h.db.GameInChannel(key)
	if err != nil {
		t.Fatal(err)
	}
	h.fake.forbidden["7"+bob.id] = true // bob's DMs are closed
	// A committed change whose delivery holds news for bob (as a French
	// fire's results for the VM do), in the game's outbox.
	d := bot.Delivery{Game: id, Channel: key, Title: "t", Replies: []bot.Reply{
		{Text: "the channel's part"},
		{To: bob.id, Text: "Your 312/209/130 lost a step (secret of the VM)."}}}
	data := func(seq, sub int) []byte {
		d.Seq, d.Sub = seq, sub
		b, _ := json.Marshal(d)
		return b
	}
	n, _ := h.db.LastSeq(id)
	if _, _, err := h.db.WriteExtra(id, storage.Extra{Out: func(seq, sub int) ([]byte, error) { return data(seq, sub), nil }}); err != nil {
		t.Fatal(err)
	}
	h.bot.posts().Kick(id)
	sent := outcome{reqs: h.fake.take()}
	if !strings.Contains(sent.publicText(), "the channel's part") || strings.Contains(sent.publicText(), "secret") {
		t.Fatalf("the delivery: %q", sent.publicText())
	}
	if news, _ := h.db.PendingNews(bob.id); len(news) != 1 {
		t.Fatalf("bob's news is not kept in the database: %+v", news)
	}

	h.restart()
	// The delivery is sent again (a crash between its send and its
	// removal from the outbox): bob's news is not doubled.
	h.svc.KeepNews(bob.id, id, key, &bot.Delivery{Game: id, Seq: n, Sub: 1}, "", "Your 312/209/130 lost a step (secret of the VM).")

	// An onlooker's command shows them nothing of it.
	if o := h.slash(dave, "/game status"); strings.Contains(o.seen(), "secret") {
		t.Fatalf("dave saw bob's news: %q", o.seen())
	}
	st := h.slash(bob, "/game news")
	if got := st.private(); strings.Count(got, "secret of the VM") != 1 || !strings.Contains(got, "Private news waiting for you (1)") {
		t.Fatalf("/game news after the restart: %q", got)
	}
	if strings.Contains(st.publicText(), "secret") {
		t.Fatal("the news went to the channel")
	}
	again := h.slash(bob, "/game status")
	if strings.Contains(again.private(), "secret") {
		t.Fatalf("the news was shown twice: %q", again.private())
	}
	if got := h.slash(bob, "/game news").private(); !strings.Contains(got, "No private news is waiting") {
		t.Fatalf("/game news with nothing kept: %q", got)
	}

	// News is shown with any command, first; it stays kept when the
	// answer that shows it cannot go out.
	h.svc.KeepNews(bob.id, id, key, nil, "i/x", "Second secret.")
	next := fmt.Sprintf("8%017d", h.n+1)
	h.fake.failing["/webhooks/"+appID+"/tok"+next+"/messages/@original"] = -1
	h.slash(bob, "/help")
	if news, _ := h.db.PendingNews(bob.id); len(news) != 1 {
		t.Fatalf("news lost with an answer that failed: %+v", news)
	}
	o := h.slash(bob, "/help")
	if p := o.private(); !strings.HasPrefix(p, "Private news for you since your last command:\nSecond secret.") {
		t.Fatalf("news with /help: %q", p)
	}
	if news, _ := h.db.PendingNews(bob.id); len(news) != 0 {
		t.Fatalf("shown news still kept: %+v", news)
	}
}
