import ChalklineHTTP

/// The pages the server serves, compiled into the binary from `Site/`: nothing to install beside
/// the server, nothing fetched from the internet. A new file is one line here and a file there.
public enum Pages {
    public static let site = Site(files: [
        SiteFile("/", "text/html; charset=utf-8", PackageResources.index_html),
        SiteFile("/style.css", "text/css; charset=utf-8", PackageResources.style_css),
        // The student page's script: play.js imports the others (ES modules, no build step).
        SiteFile("/play.js", "text/javascript; charset=utf-8", PackageResources.play_js),
        SiteFile("/play-state.js", "text/javascript; charset=utf-8", PackageResources.play_state_js),
        SiteFile("/play-connection.js", "text/javascript; charset=utf-8", PackageResources.play_connection_js),
        SiteFile("/play-replies.js", "text/javascript; charset=utf-8", PackageResources.play_replies_js),
        SiteFile("/play-handlers.js", "text/javascript; charset=utf-8", PackageResources.play_handlers_js),
        SiteFile("/play-view.js", "text/javascript; charset=utf-8", PackageResources.play_view_js),
        SiteFile("/play-round.js", "text/javascript; charset=utf-8", PackageResources.play_round_js),
        SiteFile("/play-words.js", "text/javascript; charset=utf-8", PackageResources.play_words_js),
        SiteFile("/play-choices.js", "text/javascript; charset=utf-8", PackageResources.play_choices_js),
        SiteFile("/play-class.js", "text/javascript; charset=utf-8", PackageResources.play_class_js),
        SiteFile("/icon.svg", "image/svg+xml", PackageResources.icon_svg),
        // The nine pictures of a class's picture codes: the join page's pad, the desk's card sheet.
        SiteFile("/pictures.js", "text/javascript; charset=utf-8", PackageResources.pictures_js),
        // ES modules both pages import: the connection (/ws, reconnecting with backoff) and the
        // shared helpers (formatting, protocol dispatch, chat, storage, the time bar).
        // The pages' words: the module that reads them, and the catalogs as JSON (LanguageFiles).
        SiteFile("/i18n.js", "text/javascript; charset=utf-8", PackageResources.i18n_js),
        SiteFile("/line.js", "text/javascript; charset=utf-8", PackageResources.line_js),
        SiteFile("/shared.js", "text/javascript; charset=utf-8", PackageResources.shared_js),
        // The teacher's page: create, run and project a game (and /host?watch=CODE, a second screen).
        SiteFile("/host", "text/html; charset=utf-8", PackageResources.host_html),
        SiteFile("/host.css", "text/css; charset=utf-8", PackageResources.host_css),
        // What /host and /desk draw alike (the option fields, reports, small buttons).
        SiteFile("/teacher.css", "text/css; charset=utf-8", PackageResources.teacher_css),
        // Its script, an ES module, and the modules it imports (host.js says which does what).
        SiteFile("/host.js", "text/javascript; charset=utf-8", PackageResources.host_js),
        SiteFile("/host-class.js", "text/javascript; charset=utf-8", PackageResources.host_class_js),
        SiteFile("/host-commands.js", "text/javascript; charset=utf-8", PackageResources.host_commands_js),
        SiteFile("/host-create.js", "text/javascript; charset=utf-8", PackageResources.host_create_js),
        SiteFile("/host-desk.js", "text/javascript; charset=utf-8", PackageResources.host_desk_js),
        SiteFile("/host-projector.js", "text/javascript; charset=utf-8", PackageResources.host_projector_js),
        SiteFile("/host-report.js", "text/javascript; charset=utf-8", PackageResources.host_report_js),
        SiteFile("/host-room.js", "text/javascript; charset=utf-8", PackageResources.host_room_js),
        SiteFile("/host-seat.js", "text/javascript; charset=utf-8", PackageResources.host_seat_js),
        SiteFile("/host-sets.js", "text/javascript; charset=utf-8", PackageResources.host_sets_js),
        SiteFile("/host-words.js", "text/javascript; charset=utf-8", PackageResources.host_words_js),
        SiteFile("/host-sets-csv.js", "text/javascript; charset=utf-8", PackageResources.host_sets_csv_js),
        SiteFile("/host-sets-queue.js", "text/javascript; charset=utf-8", PackageResources.host_sets_queue_js),
        // The teacher's desk: classes, homework, past games, progress, behind the teacher's secret.
        // It draws its forms and reports with host-create.js and host-report.js.
        SiteFile("/desk", "text/html; charset=utf-8", PackageResources.desk_html),
        SiteFile("/desk.css", "text/css; charset=utf-8", PackageResources.desk_css),
        SiteFile("/desk.js", "text/javascript; charset=utf-8", PackageResources.desk_js),
        SiteFile("/desk-classes.js", "text/javascript; charset=utf-8", PackageResources.desk_classes_js),
        SiteFile("/desk-homework.js", "text/javascript; charset=utf-8", PackageResources.desk_homework_js),
        // The desk's Past games and Progress tabs (/desk imports them), and their SVG figures.
        SiteFile("/desk-games.js", "text/javascript; charset=utf-8", PackageResources.desk_games_js),
        SiteFile("/desk-progress.js", "text/javascript; charset=utf-8", PackageResources.desk_progress_js),
        SiteFile("/desk-grid.js", "text/javascript; charset=utf-8", PackageResources.desk_grid_js),
        // The desk's words, numbers and dates in the page's language (over /i18n.js).
        SiteFile("/desk-words.js", "text/javascript; charset=utf-8", PackageResources.desk_words_js),
    ] + LanguageFiles.files)
}
