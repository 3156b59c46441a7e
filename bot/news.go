package bot

import (
	"fmt"
	"strings"

	"github.com/umpirebot/umpire/storage"
)

// Private news that could not be sent (issue 11, item 5). A side's events
// caused by another player's command go to that player by DM; when the DM
// cannot go (the player takes no DMs, or the server does not send them),
// the transport keeps the news in the database, beside the outbox it came
// from, and the player's next interaction shows it, privately, after a
// restart too; /game news shows what is waiting. News is taken only once
// the transport has shown it (Outcome.News, NewsShown), so a reply that
// fails to go out loses nothing.

// newsHead starts the news shown with a command.
const newsHead = "Private news for you since your last command:"

// KeepNews keeps private news for user: text from game's delivery d (or,
// with d nil, from a reply sent outside the outbox, named by key).
func (s *Service) KeepNews(user, game, channel string, d *Delivery, key, text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	n := storage.News{Key: key, Game: game, Channel: channel, Text: text, At: s.now()}
	if d != nil {
		n.Key, n.Outbox, n.Seq, n.Sub = storage.NewsKey(d.Game, d.Seq, d.Sub), true, d.Seq, d.Sub
	}
	return s.DB.KeepNews(user, n)
}

// NewsShown takes the news a command's replies showed (Outcome.News):
// the transport calls it once they are out.
func (s *Service) NewsShown(user string, news []storage.News) {
	if len(news) == 0 {
		return
	}
	keys := make([]string, len(news))
	for i, n := range news {
		keys[i] = n.Key
	}
	if err := s.DB.TakeNews(user, keys); err != nil {
		s.log().Error("cannot mark a player's news as shown; it will be shown again", "user", user, "err", err)
	}
}

// withNews adds the caller's pending news to a command's outcome: first
// among their replies, taken when the transport says it showed them.
func (s *Service) withNews(c Command, o Outcome) Outcome {
	if c.User == "" || c.Name == "game news" {
		return o
	}
	news, err := s.DB.PendingNews(c.User)
	if err != nil {
		s.log().Error("cannot read a player's kept news", "user", c.User, "err", err)
		return o
	}
	if len(news) == 0 {
		return o
	}
	o.Replies = append([]Reply{{To: c.User, Text: newsHead + "\n" + newsText(news)}}, o.Replies...)
	o.News = news
	return o
}

// newsText lists news, naming the game of each when there are several.
func newsText(news []storage.News) string {
	games := map[string]bool{}
	for _, n := range news {
		games[n.Game] = true
	}
	var lines []string
	last := ""
	for _, n := range news {
		if len(games) > 1 && n.Game != last {
			lines = append(lines, fmt.Sprintf("Game %s%s:", n.Game, channelRef(n.Channel)))
			last = n.Game
		}
		lines = append(lines, n.Text)
	}
	return strings.Join(lines, "\n")
}

// gameNews: /game news shows the caller's kept private news, of every
// game, and takes it once shown.
func (s *Service) gameNews(c Command) ([]Reply, error) {
	news, err := s.DB.PendingNews(c.User)
	if err != nil {
		return nil, err
	}
	if len(news) == 0 {
		return []Reply{{To: c.User, Text: "No private news is waiting for you: what your side is told reaches you by DM, or with your next command."}}, nil
	}
	if c.note != nil {
		c.note.news = news
	}
	return []Reply{{To: c.User, Text: fmt.Sprintf("Private news waiting for you (%d):\n%s", len(news), newsText(news))}}, nil
}
