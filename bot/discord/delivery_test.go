package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/adjudicator"
	"github.com/umpirebot/umpire/bot"
	"github.com/umpirebot/umpire/render"
)

// Issue 18: the deferred response says "Accepted" while the map is still
// being drawn; the channel's post follows with the map, as its own job.
func TestDelivery_AcceptedBeforeTheMap(t *testing.T) {
	h := newHarness(t)
	gate := make(chan struct{})
	q := render.NewQueue(func(v adjudicator.View) ([]byte, error) {
		<-gate
		return h.maps.PNG(v)
	}, 8, 1)
	defer q.Close()
	h.svc.Queue = q
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")

	i := h.interaction(alice, discordgo.InteractionApplicationCommand, slashData(t, "/order text:done"))
	h.bot.Gateway(i) // returns while the map is held
	early := outcome{reqs: h.fake.peek(), p: alice}
	if !strings.Contains(early.private(), "Accepted (french): done") {
		t.Fatalf("no acknowledgement before the map: %q", early.private())
	}
	if n := len(early.public()); n != 0 {
		t.Fatalf("%d public posts before the map was drawn", n)
	}
	close(gate)
	late := outcome{reqs: h.fake.take(), p: alice}
	posts := late.public()
	if len(posts) != 1 || len(posts[0].Files) != 1 || !strings.Contains(posts[0].text(), "Awaiting vm") {
		t.Fatalf("the post after the map: %d posts %+v", len(posts), late.reqs)
	}
	if n, _ := posts[0].Body["nonce"].(string); len(n) != 25 || posts[0].Body["enforce_nonce"] != true {
		t.Fatalf("the post has no enforced nonce: %v", posts[0].Body)
	}
}

// Issue 18: a committed order whose post had not gone out when the bot
// stopped is posted when it starts again, once; a delivery sent again
// (a stop between the post and its removal from the outbox) is answered
// by Discord with the first message, thanks to its nonce.
func TestDelivery_AfterRestartOnce(t *testing.T) {
	h := newHarness(t)
	h.slash(alice, "/game new title:hell scenario:full-battle french:@alice vm:@bob")
	key := ChannelKey(guildA, chanA)
	o := h.svc.Do(bot.Command{User: alice.id, Channel: key, Name: "order", Options: map[string]string{"text": "done"}})
	if o.Game == "" || !strings.Contains(o.Replies[0].Text, "Accepted") {
		t.Fatalf("%+v", o)
	}
	pending, err := h.svc.Pending(o.Game)
	if err != nil || len(pending) != 1 {
		t.Fatalf("outbox: %+v %v", pending, err)
	}
	// The "restarted" bot: same database, new process state.
	b2 := &Bot{Service: h.svc, Session: h.bot.Session, AppID: appID, DMSideEvents: true}
	h.fake.settle = func() { b2.Settle(10e9) }
	if err := b2.posts().Resume(); err != nil {
		t.Fatal(err)
	}
	first := outcome{reqs: h.fake.take()}
	if n := len(first.public()); n != 1 || !strings.Contains(first.publicText(), "Awaiting vm") {
		t.Fatalf("after the restart: %d posts: %q", n, first.publicText())
	}
	b2.posts().Resume()
	if n := len(outcome{reqs: h.fake.take()}.public()); n != 0 {
		t.Fatalf("a second start posted %d more", n)
	}
	// The same delivery sent twice shows once.
	replies := h.svc.Compose(pending[0], nil)
	b2.sendDelivery(pending[0], replies)
	again := outcome{reqs: h.fake.take()}
	if n := len(again.public()); n != 0 || len(again.reqs) != 1 || !again.reqs[0].Deduped {
		t.Fatalf("a delivery sent again: %d new posts, %+v", n, again.reqs)
	}
}
