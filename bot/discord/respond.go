package discord

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/umpirebot/umpire/bot"
)

const (
	maxContent     = 2000
	maxDescription = 4096
	maxEmbedTotal  = 6000
	maxFieldValue  = 1024
	maxChunks      = 5
	maxEmbeds      = 10
	embedColor     = 0x8b6d3f
)

// run does an interaction's work after the deferred response was sent:
// it runs the command and routes the replies: the caller's private ones
// to the deferred (ephemeral) response, the channel's merged into one
// public post, another player's by DM.
func (b *Bot) run(i *discordgo.Interaction, cmd bot.Command, thread bool) {
	start := time.Now()
	target := i.ChannelID
	key := ChannelKey(i.GuildID, i.ChannelID)
	note := ""
	if thread && cmd.Name == "game new" && b.knownScenario(cmd) && !b.processed(cmd.Source) {
		ch, err := b.openThread(i.ChannelID, cmd)
		if err != nil {
			b.log().Warn("cannot open a game thread", "channel", i.ChannelID, "err", err)
			b.reply(i, "Refused: Umpire could not open a thread here ("+short(err)+"). Give the bot the Create Public Threads permission, or start the game without thread:.", nil)
			return
		}
		target, key = ch, ChannelKey(i.GuildID, ch)
		note = fmt.Sprintf("The game lives in the thread <#%s>.", ch)
	}
	cmd.Channel = key
	cmd.Mod = b.isMod(i)
	cmd.Route = map[string]string{routeTarget: target, routeOrigin: i.ChannelID, routeInteraction: i.ID,
		routeToken: i.Token, routeApp: b.appID(i)}

	// The command runs and is durable in milliseconds: the caller hears
	// "Accepted" (or why not) now; what it changed for the channel and the
	// other players is in the game's outbox, for the Poster.
	unlock := b.lock(key)
	out := b.Service.Do(cmd)
	unlock()
	replies := out.Replies

	var mine, public []bot.Reply
	others := map[string][]bot.Reply{}
	var otherOrder []string
	for _, r := range replies {
		switch r.To {
		case cmd.User:
			mine = append(mine, r)
		case "":
			public = append(public, r)
		default:
			if _, ok := others[r.To]; !ok {
				otherOrder = append(otherOrder, r.To)
			}
			others[r.To] = append(others[r.To], r)
		}
	}
	b.log().Info("interaction", "id", i.ID, "command", cmd.Name, "user", cmd.User, "channel", key, "mod", cmd.Mod,
		"private", len(mine), "public", len(public), "others", len(otherOrder), "outbox", out.Game != "", "ms", time.Since(start).Milliseconds())
	b.log().Debug("interaction detail", "id", i.ID, "options", cmd.Options)

	var texts []string
	var pngs []bot.Reply
	for _, r := range mine {
		if r.Text != "" {
			texts = append(texts, r.Text)
		}
		if len(r.PNG) > 0 || len(r.File) > 0 {
			pngs = append(pngs, r) // images and documents (a game's record)
		}
	}
	var post *message
	if len(public) > 0 {
		post = b.publicPost(key, b.liveHead(key), public, out.Changed, out.Ping)
	}
	text := strings.Join(texts, "\n")
	if note != "" {
		text = strings.TrimSpace(note + "\n" + text)
	}
	if text == "" && len(pngs) == 0 {
		text = "Done."
		if post != nil || out.Game != "" {
			text = "Done: the outcome is posted in the channel."
		}
	}
	var confirm *actionRow
	for _, r := range mine {
		if id := ConfirmPrefix + r.Confirm; r.Confirm != "" && len(id) <= 100 {
			confirm = &actionRow{Type: componentRow, Components: []any{button{Type: componentButton, Style: buttonDanger, Label: "Confirm", CustomID: id}}}
		}
	}
	if b.replyWith(i, mentions(text), pngs, confirm) {
		// The kept news it showed is taken only now that it is out.
		b.Service.NewsShown(cmd.User, out.News)
	}
	if out.Game != "" {
		b.posts().Kick(out.Game)
	}
	if post != nil {
		// A map or a new game for the channel: after the game's pending
		// posts, which show older states.
		if id, err := b.Service.DB.GameInChannel(key); err == nil {
			b.posts().Idle(id, postWait)
		}
		b.post(i, target, post)
	}
	for _, u := range otherOrder {
		b.notify(key, target, u, others[u], nil, "i/"+i.ID)
	}
}

// postWait bounds how long a /map waits for its game's pending posts.
const postWait = 20 * time.Second

// The keys of a delivery's Route.
const (
	routeTarget      = "target"      // the channel (or thread) to post in
	routeOrigin      = "origin"      // the channel the interaction came from
	routeInteraction = "interaction" // the interaction's id and token, for a
	routeToken       = "token"       // follow-up when the channel refuses posts
	routeApp         = "app"
)

// postHead is what a public post's embed shows above its text: the
// game, and who is awaited in the state the post announces.
type postHead struct {
	ok    bool
	title string
	game  string
	now   bot.Now
	seq   int // the state's log length; -1: the live state
}

// liveHead is the channel's game as it is now (for a post that is not a
// delivery: a new game, a /map).
func (b *Bot) liveHead(key string) postHead {
	g, err := b.Service.Game(key)
	if err != nil {
		return postHead{}
	}
	return postHead{ok: true, title: g.Rules.Info().Name, game: g.Rec.ID, now: bot.NowOf(g), seq: -1}
}

// processed: a redelivered /game new opens no second thread (the service
// then refuses it as already applied).
func (b *Bot) processed(source string) bool {
	_, _, done, err := b.Service.DB.Processed(source)
	return err == nil && done
}

// knownScenario: a thread is opened only for a game that names a known
// title and scenario (else the service's refusal is answered here).
func (b *Bot) knownScenario(cmd bot.Command) bool {
	r, ok := b.Service.Titles[cmd.Opt("title")]
	if !ok {
		return false
	}
	for _, sc := range r.Info().Scenarios {
		if sc.ID == cmd.Opt("scenario") {
			return true
		}
	}
	return false
}

func short(err error) string { return clip(err.Error(), 300) }

// openThread opens a public thread for a new game.
func (b *Bot) openThread(channel string, cmd bot.Command) (string, error) {
	name := cmd.Opt("title")
	if r, ok := b.Service.Titles[name]; ok {
		name = r.Info().Name
	}
	if sc := cmd.Opt("scenario"); sc != "" {
		name += " — " + sc
	}
	body := map[string]any{"name": clip(name, 100), "type": int(discordgo.ChannelTypeGuildPublicThread), "auto_archive_duration": 10080}
	raw, err := b.rest().json(http.MethodPost, discordgo.EndpointChannelThreads(channel), body)
	if err != nil {
		return "", err
	}
	var ch struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &ch); err != nil || ch.ID == "" {
		return "", fmt.Errorf("the answer from Discord names no thread")
	}
	return ch.ID, nil
}

func (b *Bot) appID(i *discordgo.Interaction) string {
	if i.AppID != "" {
		return i.AppID
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.AppID
}

// reply answers the caller privately: the deferred response is edited
// with the first part, further parts and images go as ephemeral
// follow-ups. It reports whether the answer went out.
func (b *Bot) reply(i *discordgo.Interaction, text string, pngs []bot.Reply) bool {
	return b.replyWith(i, text, pngs, nil)
}

// replyWith is reply with a row of buttons (a Confirm button) on the
// first message.
func (b *Bot) replyWith(i *discordgo.Interaction, text string, pngs []bot.Reply, row *actionRow) bool {
	parts := chunks(text, maxContent, maxChunks)
	app := b.appID(i)
	first := &message{AllowedMentions: &allowedMentions{Parse: []string{}}}
	if row != nil {
		first.Components = []actionRow{*row}
	}
	if len(parts) > 0 {
		first.Content = parts[0]
		parts = parts[1:]
	}
	if len(pngs) > 0 {
		attach(first, pngs[0])
		pngs = pngs[1:]
	}
	if _, err := b.rest().send(http.MethodPatch, discordgo.EndpointInteractionResponseActions(app, i.Token), first); err != nil {
		b.log().Warn("cannot answer the interaction", "id", i.ID, "err", err)
		return false
	}
	var more []*message
	for _, p := range parts {
		more = append(more, &message{Content: p})
	}
	for _, r := range pngs {
		m := &message{}
		attach(m, r)
		more = append(more, m)
	}
	for _, m := range more {
		m.Flags = flagEphemeral
		m.AllowedMentions = &allowedMentions{Parse: []string{}}
		if _, err := b.rest().send(http.MethodPost, discordgo.EndpointFollowupMessage(app, i.Token), m); err != nil {
			b.log().Warn("cannot send a follow-up", "id", i.ID, "err", err)
			return false
		}
	}
	return true
}

var fileNameRE = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func fileName(r bot.Reply) string {
	n := fileNameRE.ReplaceAllString(r.ImageName, "_")
	if n == "" || n == "." {
		n = "map.png"
	}
	if !strings.HasSuffix(strings.ToLower(n), ".png") {
		n += ".png"
	}
	return n
}

// attach adds a reply's PNG, or its document, as the message's next
// file.
func attach(m *message, r bot.Reply) string {
	if len(r.PNG) == 0 && len(r.File) > 0 {
		name := fileNameRE.ReplaceAllString(r.FileName, "_")
		if name == "" || name == "." {
			name = "record.json"
		}
		idx := len(m.files)
		m.files = append(m.files, &discordgo.File{Name: name, ContentType: "application/json", Reader: bytes.NewReader(r.File)})
		m.Attachments = append(m.Attachments, attachment{ID: fmt.Sprint(idx), Filename: name})
		return name
	}
	name := fileName(r)
	idx := len(m.files)
	m.files = append(m.files, &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(r.PNG)})
	m.Attachments = append(m.Attachments, attachment{ID: fmt.Sprint(idx), Filename: name})
	return name
}

// publicPost merges a resolution's channel replies into one message: an
// embed with the events (redacted for the public by the service), the
// phase and who is awaited (h), the first map attached as its image and,
// when the command changed the game (resolved), buttons when the awaited
// player has few legal orders and the post shows the game's current
// state. It mentions only ping: the players the command handed the turn
// to (issue 15: never the one who acted and is still awaited), or those
// a reminder is for.
func (b *Bot) publicPost(key string, h postHead, replies []bot.Reply, resolved bool, ping []string) *message {
	if len(replies) == 0 {
		return nil
	}
	m := &message{AllowedMentions: &allowedMentions{Parse: []string{}}}
	e := embed{Title: "Umpire", Color: embedColor}
	var pinged []string
	if h.ok {
		e.Title = clip(fmt.Sprintf("%s — game %s", h.title, h.game), 256)
		if !h.now.Over {
			if h.now.Phase != "" {
				e.Fields = append(e.Fields, field{Name: "Now", Value: clip(h.now.Phase, maxFieldValue)})
			}
			for _, a := range h.now.Awaiting {
				v := fmt.Sprintf("<@%s>", a.User)
				if h.now.Decision != "" {
					v += " — " + h.now.Decision
				}
				e.Fields = append(e.Fields, field{Name: clip("Awaiting "+string(a.Side), 256), Value: clip(v, maxFieldValue)})
				if a.User != "" && !contains(pinged, a.User) {
					pinged = append(pinged, a.User)
				}
			}
		}
	}
	var lines []string
	for _, r := range replies {
		for _, l := range strings.Split(r.Text, "\n") {
			// The awaited players are in the embed's fields.
			if len(pinged) > 0 && (strings.HasPrefix(l, "Awaiting ") || strings.HasPrefix(l, "Still awaiting ")) {
				continue
			}
			if strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		if len(r.PNG) > 0 && len(m.files) < 10 {
			name := attach(m, r)
			if e.Image == nil {
				e.Image = &embedImage{URL: "attachment://" + name}
			}
		}
	}
	room := maxEmbedTotal - utf8.RuneCountInString(e.Title)
	for _, f := range e.Fields {
		room -= utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
	}
	// One post per command (issue 15): a text longer than one embed's
	// description goes on in further embeds of the same message, split
	// at line ends only when it must be; past the message's 6,000
	// characters it is cut, saying where the rest is.
	desc := mentions(strings.Join(lines, "\n"))
	if utf8.RuneCountInString(desc) <= min(room, maxDescription) {
		e.Description = desc
		m.Embeds = []embed{e}
	} else {
		const cut = "\n… (cut: /game log has the rest)"
		room -= utf8.RuneCountInString(cut) // the note always fits
		m.Embeds = []embed{e}
		for k, p := range chunks(desc, maxDescription-len(cut), 1000) {
			n := utf8.RuneCountInString(p)
			if k > 0 && (len(m.Embeds) == maxEmbeds || room < 50) {
				last := &m.Embeds[len(m.Embeds)-1]
				last.Description += cut
				break
			}
			clipped := n > room
			if clipped {
				p = clipText(p, room+utf8.RuneCountInString(cut), cut)
				n = room
			}
			if k == 0 {
				m.Embeds[0].Description = p
			} else {
				m.Embeds = append(m.Embeds, embed{Color: embedColor, Description: p})
			}
			room -= n
			if clipped {
				break
			}
		}
	}
	var awaited []string
	for _, u := range ping {
		if u != "" && !contains(awaited, u) {
			awaited = append(awaited, u)
		}
	}
	named := ""
	if row, ok := joinRow(replies); ok {
		// A lobby: its open seats, for anyone; no orders yet.
		m.Components = []actionRow{row}
	} else if resolved && h.game != "" {
		if user, orders := b.Service.QuickOrdersAt(h.game, h.seq, MenuMax); user != "" && len(orders) > 0 {
			if row, ok := quickRow(orders); ok {
				m.Components = []actionRow{row}
				named = user
			}
		}
	}
	if len(awaited) > 0 {
		m.Content = mentionList(awaited)
		m.AllowedMentions.Users = awaited
	}
	if named != "" && !contains(awaited, named) {
		// The buttons' player, named for the buttons' sake (a click by
		// anyone else is turned away at once) but not pinged: they were
		// awaited already (allowed_mentions leaves them out).
		m.Content = strings.TrimSpace(m.Content + " " + mentionList([]string{named}))
	}
	return m
}

// joinRow offers a lobby's seats as buttons: "Accept VM seat" and
// "Decline VM seat" for a seat offered to a member (issue 15), "Join as
// VM" for an open one.
func joinRow(replies []bot.Reply) (actionRow, bool) {
	row := actionRow{Type: componentRow}
	for _, r := range replies {
		for _, o := range r.Offer {
			a, d := AcceptPrefix+r.JoinGame+":"+string(o.Side), DeclinePrefix+r.JoinGame+":"+string(o.Side)
			if len(d) <= 100 && len(row.Components) < 4 {
				row.Components = append(row.Components,
					button{Type: componentButton, Style: buttonSuccess, Label: clip("Accept "+sideLabel(string(o.Side))+" seat", 80), CustomID: a},
					button{Type: componentButton, Style: buttonDanger, Label: clip("Decline "+sideLabel(string(o.Side))+" seat", 80), CustomID: d})
			}
		}
	}
	for _, r := range replies {
		for _, side := range r.Join {
			if id := JoinPrefix + r.JoinGame + ":" + string(side); len(id) <= 100 && len(row.Components) < 5 {
				row.Components = append(row.Components, button{Type: componentButton, Style: buttonPrimary, Label: clip("Join as "+sideLabel(string(side)), 80), CustomID: id})
			}
		}
	}
	return row, len(row.Components) > 0
}

// sideLabel writes a side's id for a button: "VM", "French".
func sideLabel(s string) string {
	if len(s) <= 3 {
		return strings.ToUpper(s)
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// quickRow offers the awaited player's few legal orders: up to QuickMax
// as buttons, up to MenuMax in a select menu.
func quickRow(orders []string) (actionRow, bool) {
	row := actionRow{Type: componentRow}
	if len(orders) <= QuickMax {
		for _, o := range orders {
			if id := ButtonPrefix + o; len(id) <= 100 {
				row.Components = append(row.Components, button{Type: componentButton, Style: buttonPrimary, Label: clip(o, 80), CustomID: id})
			}
		}
		return row, len(row.Components) > 0
	}
	menu := selectMenu{Type: componentSelect, CustomID: MenuID, Placeholder: "Choose your order"}
	for _, o := range orders {
		if len(o) <= 100 {
			menu.Options = append(menu.Options, selectOption{Label: o, Value: o})
		}
	}
	if len(menu.Options) == 0 {
		return row, false
	}
	row.Components = append(row.Components, menu)
	return row, true
}

// post sends the public message to the game's channel; if the bot may not
// post there (an HTTP-only install), it goes as a public follow-up of the
// interaction instead. If it cannot go out, the caller is told.
func (b *Bot) post(i *discordgo.Interaction, target string, m *message) {
	if err := b.postErr(i, target, m); err != nil {
		b.log().Warn("cannot post the resolution", "channel", target, "err", err)
		b.reply2(i, "(Your command was applied, but Umpire could not post the outcome in the channel: "+short(err)+". /game status shows it.)")
	}
}

// postErr is post's attempt; a passing failure (Discord unreachable or
// overloaded) comes back wrapped by bot.Retry.
func (b *Bot) postErr(i *discordgo.Interaction, target string, m *message) error {
	_, err := b.rest().send(http.MethodPost, discordgo.EndpointChannelMessages(target), m)
	if err == nil {
		return nil
	}
	st := status(err)
	if (st == http.StatusForbidden || st == http.StatusNotFound) && target == i.ChannelID && i.Token != "" {
		b.log().Info("cannot post in the channel; posting as a follow-up", "channel", target, "status", st)
		f := *m
		f.Nonce, f.EnforceNonce = "", false // not a channel message
		if _, err = b.rest().send(http.MethodPost, discordgo.EndpointFollowupMessage(b.appID(i), i.Token), &f); err == nil {
			return nil
		}
		st = status(err)
	}
	if st == 0 || st == http.StatusTooManyRequests || st >= 500 {
		return bot.Retry(err)
	}
	return err
}

// sendDelivery posts one delivery of a game's outbox (the Poster's Send):
// the channel's post, with the map if one was drawn, showing who is
// awaited in the state it announces, then the other players' news.
func (b *Bot) sendDelivery(d bot.Delivery, replies []bot.Reply) (err error) {
	key := d.Channel
	target := d.Route[routeTarget]
	if target == "" {
		target = channelOf(key)
	}
	i := &discordgo.Interaction{ID: d.Route[routeInteraction], Token: d.Route[routeToken], AppID: d.Route[routeApp],
		ChannelID: d.Route[routeOrigin]}
	defer func() {
		// A bug here (the post's buttons call the rules' Legal) drops this
		// delivery, not the game's later ones, nor the process.
		if r := recover(); r != nil {
			b.panicked(i, "delivery", r)
			if i.Token != "" {
				b.reply2(i, "(Your command was applied, but Umpire hit an internal error posting its outcome; the moderators are told. /game status shows the game. Report id: "+bot.ReportID(i.ID)+".)")
			}
			err = fmt.Errorf("internal error posting game %s entry %d", d.Game, d.Seq)
		}
	}()
	var public []bot.Reply
	others := map[string][]bot.Reply{}
	var order []string
	for _, r := range replies {
		if r.To == "" {
			public = append(public, r)
			continue
		}
		if _, ok := others[r.To]; !ok {
			order = append(order, r.To)
		}
		others[r.To] = append(others[r.To], r)
	}
	if len(public) > 0 {
		m := b.publicPost(key, postHead{ok: true, title: d.Title, game: d.Game, now: d.Now, seq: d.Seq}, public, !d.NoPing, d.Ping)
		if d.Mods {
			b.callModerators(key, m)
		}
		m.Nonce, m.EnforceNonce = nonce(d.Game, d.Seq, subPart(d.Sub, "post")), true
		if err := b.postErr(i, target, m); err != nil {
			if bot.IsRetry(err) {
				return err
			}
			b.log().Warn("cannot post the resolution", "game", d.Game, "seq", d.Seq, "channel", target, "err", err)
			if i.Token != "" {
				b.reply2(i, "(Your command was applied, but Umpire could not post the outcome in the channel: "+short(err)+". /game status shows it.)")
			}
		}
	}
	for _, u := range order {
		b.notify(key, target, u, others[u], &d, "")
	}
	return nil
}

// callModerators mentions the moderator roles of the config in a post
// (a deadline passed and the settings call the moderators). Roles named
// by name are looked up in the guild; members who are moderators by the
// Manage Server permission alone cannot be pinged as a group.
func (b *Bot) callModerators(key string, m *message) {
	guild, _, _ := strings.Cut(key, "/")
	var ids []string
	var names map[string]string
	for _, r := range b.ModRoles {
		r = strings.TrimSpace(r)
		switch {
		case isSnowflake(r):
			ids = append(ids, r)
		case r != "" && isSnowflake(guild):
			if names == nil {
				names = b.roles(guild)
			}
			for id, n := range names {
				if n == strings.ToLower(r) && !contains(ids, id) {
					ids = append(ids, id)
				}
			}
		}
	}
	if len(ids) == 0 {
		return
	}
	sort.Strings(ids)
	var ms []string
	for _, id := range ids {
		ms = append(ms, "<@&"+id+">")
	}
	m.Content = strings.TrimSpace(strings.Join(ms, " ") + " " + m.Content)
	if m.AllowedMentions == nil {
		m.AllowedMentions = &allowedMentions{Parse: []string{}}
	}
	m.AllowedMentions.Roles = ids
}

// subPart names a part of a delivery that follows no entry (sub > 0)
// apart from the entry's own delivery; the entry's keep their names.
func subPart(sub int, part string) string {
	if sub == 0 {
		return part
	}
	return fmt.Sprintf("%s %d", part, sub)
}

// nonce names one message of one delivery (Discord keeps a nonce for a
// few minutes; 25 characters at most).
func nonce(game string, seq int, part string) string {
	h := sha256.Sum256([]byte(fmt.Sprintf("umpire %s %d %s", game, seq, part)))
	return hex.EncodeToString(h[:])[:25]
}

// channelOf is the Discord channel of a channel key.
func channelOf(key string) string {
	if _, ch, ok := strings.Cut(key, "/"); ok {
		return ch
	}
	return key
}

// reply2 sends one more ephemeral follow-up.
func (b *Bot) reply2(i *discordgo.Interaction, text string) {
	m := &message{Content: clip(text, maxContent), Flags: flagEphemeral, AllowedMentions: &allowedMentions{Parse: []string{}}}
	if _, err := b.rest().send(http.MethodPost, discordgo.EndpointFollowupMessage(b.appID(i), i.Token), m); err != nil {
		b.log().Warn("cannot send a follow-up", "id", i.ID, "err", err)
	}
}

// notify tells another player privately what happened to their side:
// by DM or, when DMs are off (dm_side_events = false), the user is not a
// Discord user, or the DM fails, kept in the database with the game and
// shown with their next interaction (Service.KeepNews). d is the delivery
// the news comes from (its nonces make a delivery sent again after a
// restart show once, and its key keeps the news once); without one,
// newsKey names the message.
func (b *Bot) notify(key, target, user string, replies []bot.Reply, d *bot.Delivery, newsKey string) {
	var texts []string
	for _, r := range replies {
		if r.Text != "" {
			texts = append(texts, r.Text)
		}
	}
	text := mentions(strings.Join(texts, "\n"))
	once := ""
	if d != nil {
		once = nonce(d.Game, d.Seq, subPart(d.Sub, "dm "+user))
	}
	if !b.DMSideEvents || !isSnowflake(user) {
		b.keep(key, user, text, d, newsKey)
		return
	}
	dm, err := b.dmChannel(user)
	if err == nil {
		n := 0
		mark := func(m *message) *message {
			if once != "" {
				m.Nonce, m.EnforceNonce = nonce(once, n, "dm"), true
			}
			n++
			return m
		}
		for _, p := range chunks(fmt.Sprintf("Private news of your game in <#%s>:\n%s", target, text), maxContent, maxChunks) {
			if _, err = b.rest().send(http.MethodPost, discordgo.EndpointChannelMessages(dm), mark(&message{Content: p, AllowedMentions: &allowedMentions{Parse: []string{}}})); err != nil {
				break
			}
		}
		for _, r := range replies {
			if len(r.PNG) > 0 && err == nil {
				m := &message{}
				attach(m, r)
				_, err = b.rest().send(http.MethodPost, discordgo.EndpointChannelMessages(dm), mark(m))
			}
		}
	}
	if err != nil {
		b.log().Info("cannot DM a player; keeping their news for their next interaction", "user", user, "status", status(err))
		b.keep(key, user, text, d, newsKey)
	}
}

// keep stores a player's news in the database for their next
// interaction.
func (b *Bot) keep(key, user, text string, d *bot.Delivery, newsKey string) {
	game := ""
	if d != nil {
		game = d.Game
	} else if id, err := b.Service.DB.GameInChannel(key); err == nil {
		game = id
	}
	if err := b.Service.KeepNews(user, game, key, d, newsKey, text); err != nil {
		b.log().Error("cannot keep a player's news", "user", user, "game", game, "err", err)
	}
}

// maxDMChans bounds the cache of players' DM channels.
const maxDMChans = 10000

func (b *Bot) dmChannel(user string) (string, error) {
	b.mu.Lock()
	id, ok := b.dmChans[user]
	b.mu.Unlock()
	if ok {
		return id, nil
	}
	raw, err := b.rest().json(http.MethodPost, discordgo.EndpointUserChannels("@me"), map[string]string{"recipient_id": user})
	if err != nil {
		return "", err
	}
	var ch struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(raw, &ch); err != nil || ch.ID == "" {
		return "", fmt.Errorf("the answer from Discord names no DM channel")
	}
	b.mu.Lock()
	if b.dmChans == nil || len(b.dmChans) >= maxDMChans {
		// A cache, bounded: a forgotten DM channel is asked for again.
		b.dmChans = map[string]string{}
	}
	b.dmChans[user] = ch.ID
	b.mu.Unlock()
	return ch.ID, nil
}

// clipText cuts s to n runes, ending with tail when cut.
func clipText(s string, n int, tail string) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	t := utf8.RuneCountInString(tail)
	if n <= t {
		return clip(s, n)
	}
	r := []rune(s)
	return string(r[:n-t]) + tail
}

// chunks splits text into at most max parts of at most n runes, at line
// ends where it can; the last part says when text was left out.
func chunks(text string, n, max int) []string {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return nil
	}
	var out []string
	cur := ""
	flush := func() {
		if cur != "" {
			out = append(out, cur)
			cur = ""
		}
	}
	for _, l := range strings.Split(text, "\n") {
		for utf8.RuneCountInString(l) > n {
			flush()
			r := []rune(l)
			out = append(out, string(r[:n]))
			l = string(r[n:])
		}
		switch {
		case cur == "":
			cur = l
		case utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(l) <= n:
			cur += "\n" + l
		default:
			flush()
			cur = l
		}
	}
	flush()
	if len(out) > max {
		out = out[:max]
		out[max-1] = clipText(out[max-1], n, "\n… (cut)")
	}
	return out
}
