import GRDB

/// The database's shape, one migration a version. A migration, once released, is never edited:
/// a teacher's database from last term must open with this term's server, so every change is a
/// new migration appended below.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: version1)
        migrator.registerMigration("v2", foreignKeyChecks: .immediate, migrate: version2)
        migrator.registerMigration("v3", migrate: version3)
        migrator.registerMigration("v4", migrate: version4)
        migrator.registerMigration("v5", migrate: version5)
        migrator.registerMigration("v6", migrate: version6)
        migrator.registerMigration("v7", migrate: version7)
        migrator.registerMigration("v8", migrate: version8)
        migrator.registerMigration("v9", migrate: version9)
        migrator.registerMigration("v10", migrate: version10)
        return migrator
    }

    /// Games, their players, their rounds and what each round asked, and every judged answer.
    /// Times are UTC text (`YYYY-MM-DD HH:MM:SS.SSS`, GRDB's format), stamped by the server's wall
    /// clock when the event happened.
    static func version1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE game (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                room TEXT NOT NULL,           -- the room code, e.g. QXRM
                number INTEGER NOT NULL,      -- the room's Nth game: game_end calls it QXRM-N
                kind TEXT NOT NULL,           -- times | words
                settings TEXT NOT NULL,       -- JSON, as /create echoed it
                started_at TEXT NOT NULL,
                ended_at TEXT,                -- NULL while running, or if the server died mid-game
                stopped INTEGER NOT NULL DEFAULT 0  -- 1 when the host ended it with /stop
            );
            CREATE INDEX game_by_room ON game(room, number);

            CREATE TABLE player (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                rank INTEGER,                 -- final standings; NULL until the game ends
                score INTEGER,
                UNIQUE (game_id, name)
            );
            CREATE INDEX player_by_name ON player(name COLLATE NOCASE);

            CREATE TABLE round (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
                number INTEGER NOT NULL,      -- 1-based, as `round` in question/board events
                label TEXT NOT NULL,          -- "7 x 8" or "Level 3"
                opened_at TEXT NOT NULL,
                closed_at TEXT,
                UNIQUE (game_id, number)
            );

            -- What a round asks: one question in the times race, seven clues in the word puzzle.
            CREATE TABLE question (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                round_id INTEGER NOT NULL REFERENCES round(id) ON DELETE CASCADE,
                n INTEGER NOT NULL,           -- 1 for times; the clue's board number in words
                text TEXT NOT NULL,           -- "7 x 8", or the clue
                answer TEXT NOT NULL,         -- "56", or the word
                fact_a INTEGER,               -- times only: the table ...
                fact_b INTEGER,               -- ... and the multiplier
                UNIQUE (round_id, n)
            );
            CREATE INDEX question_by_fact ON question(fact_a, fact_b);

            CREATE TABLE answer (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                round_id INTEGER NOT NULL REFERENCES round(id) ON DELETE CASCADE,
                question_id INTEGER REFERENCES question(id) ON DELETE CASCADE,  -- NULL: a word not on the board
                player_id INTEGER NOT NULL REFERENCES player(id) ON DELETE CASCADE,
                typed TEXT,                   -- as typed; NULL: no answer before the round closed
                correct INTEGER NOT NULL,
                ms INTEGER,                   -- from the round's opening; NULL for no answer
                points INTEGER NOT NULL,
                streak INTEGER,               -- times only: the streak after this answer
                at TEXT NOT NULL
            );
            CREATE INDEX answer_by_round ON answer(round_id);
            CREATE INDEX answer_by_player ON answer(player_id);
            CREATE INDEX answer_by_question ON answer(question_id);
            """)
    }

    /// No index on `answer.player_id`. Players of many rooms answer in turn, so each answer
    /// landed on its own page of that index: at full load most of what a commit wrote to disk,
    /// and a third of the writer's CPU (21 -> 14 us an answer in the bench). The player report
    /// reaches a player's answers through their games' rounds instead (`answer_by_round`): 13 ms
    /// on a 1,000,000-answer database, against 3 ms with the index. A cascade from deleting a player would scan `answer`; nothing deletes players.
    static func version2(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX IF EXISTS answer_by_player")
    }

    /// A question keeps its kind's `detail` (times: `7,8`; arithmetic: its skills) instead of
    /// two columns only the times race filled, so a new kind needs no new column. The times
    /// rows carry their factors over as `fact_a,fact_b`, which is what the times race writes.
    static func version3(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE question ADD COLUMN detail TEXT;
            UPDATE question SET detail = fact_a || ',' || fact_b WHERE fact_a IS NOT NULL AND fact_b IS NOT NULL;
            DROP INDEX IF EXISTS question_by_fact;
            ALTER TABLE question DROP COLUMN fact_a;
            ALTER TABLE question DROP COLUMN fact_b;
            """)
    }

    /// A game's players are keyed by seat, not name: when one `sam` leaves and another joins
    /// under the name, they are two rows with their own answers. SQLite cannot drop a UNIQUE
    /// constraint, so the table is rebuilt (its ids kept, so answers still point at their
    /// players); an old row's seat is its id, which is unique as `UNIQUE (game_id, name)` was.
    static func version4(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE player_v4 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                game_id INTEGER NOT NULL REFERENCES game(id) ON DELETE CASCADE,
                seat INTEGER NOT NULL,        -- the room's number for the seat the player sat in
                name TEXT NOT NULL,
                rank INTEGER,                 -- final standings; NULL until the game ends (or for a player who left)
                score INTEGER,
                UNIQUE (game_id, seat)
            );
            INSERT INTO player_v4 (id, game_id, seat, name, rank, score) SELECT id, game_id, id, name, rank, score FROM player;
            DROP TABLE player;
            ALTER TABLE player_v4 RENAME TO player;
            CREATE INDEX player_by_name ON player(name COLLATE NOCASE);
            """)
    }

    /// Which server played each game (`--name`, by default the host name), so results gathered
    /// from many classrooms can be told apart; NULL for games of servers before it.
    static func version5(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE game ADD COLUMN server TEXT")
    }

    /// Players who said they are programs (`/join CODE NAME bot`), so `--no-bots` can leave
    /// them out of the class's figures; 0 for every player of older games.
    static func version6(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE player ADD COLUMN bot INTEGER NOT NULL DEFAULT 0")
    }

    /// Homework (`/assign`) and each game's place in it, and each player's team. A homework try is
    /// a game like any other (room = the assignment's code, number = the try), so every report
    /// reads it; `assignment_id` ties it to its assignment. Shared with PostgreSQL's v7.
    static let version7SQL = """
        CREATE TABLE assignment (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uid TEXT NOT NULL UNIQUE,     -- the assignment for good (codes are reused later)
            code TEXT NOT NULL,           -- what students type: /join CODE NAME
            kind TEXT NOT NULL,
            options TEXT NOT NULL,        -- the race's options as /assign took them, seed= included, space-separated
            settings TEXT NOT NULL,       -- JSON, as /assign echoed it
            due_ms INTEGER NOT NULL,      -- the due instant, ms since 1970 UTC
            due TEXT NOT NULL,            -- as the teacher gave it, in the server's time zone
            attempts TEXT NOT NULL,       -- 1, N or best
            creator TEXT NOT NULL,
            roster TEXT NOT NULL,         -- the class when it was set: names, space-separated
            created_at TEXT NOT NULL,
            server TEXT
        );
        CREATE INDEX assignment_by_code ON assignment(code);
        ALTER TABLE game ADD COLUMN assignment_id INTEGER REFERENCES assignment(id);
        CREATE INDEX game_by_assignment ON game(assignment_id, number);
        ALTER TABLE player ADD COLUMN team TEXT;
        """

    static func version7(_ db: Database) throws {
        try db.execute(sql: version7SQL)
    }

    /// No index on `answer.question_id`. It was there for questions' `ON DELETE CASCADE`, which
    /// SQLite no longer enforces (`Store.open`); every open round kept its entries apart in it,
    /// so each commit rewrote some seven of its pages (of 26) at full load. The one report that
    /// looked answers up by question reaches them through the question's round instead
    /// (`answer_by_round`). PostgreSQL keeps its index: it does enforce the cascade. A server
    /// from before v8 opening the file checks foreign keys, and so would scan `answer` for each
    /// question it deletes (only when a homework try is resumed): slower, not wrong.
    static func version8(_ db: Database) throws {
        try db.execute(sql: "DROP INDEX IF EXISTS answer_by_question")
    }

    /// Question sets saved from the teacher page (`/sets save`), each as Chalkline CSV, read back
    /// when the server starts. Kept by server (`--name`), as homework is: classrooms sharing a
    /// district's database each have their own sets, and one cannot delete another's. Shared
    /// with PostgreSQL's v9.
    static let version9SQL = """
        CREATE TABLE question_set (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,           -- as set= takes it: capitals
            folded TEXT NOT NULL,         -- the name lowercased, as set= compares names (any alphabet)
            body TEXT NOT NULL,           -- the set as Chalkline CSV (question,answer,... header)
            questions INTEGER NOT NULL,
            saved_at TEXT NOT NULL,
            server TEXT,                  -- which server keeps it (--name)
            UNIQUE (server, folded)
        );
        """

    static func version9(_ db: Database) throws {
        try db.execute(sql: version9SQL)
    }

    /// The teacher's classes (`/class`) and their students, and who played each game: a student
    /// is the same student in every game and homework of their class (`player.student_uid`),
    /// whatever the name typed, and keeps their answers when renamed. Names are folded in Swift
    /// (`Names.folded`), as `/join` compares them. Kept by server (`--name`), as sets are.
    /// Shared with PostgreSQL's v10.
    static let version10SQL = """
        CREATE TABLE class (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uid TEXT NOT NULL UNIQUE,     -- the class for good: a renamed class keeps it
            name TEXT NOT NULL,           -- 4B
            folded TEXT NOT NULL,         -- the name as /class and class= compare names
            codes INTEGER NOT NULL DEFAULT 0, -- 1: its students join with their picture code
            saved_at TEXT NOT NULL,
            server TEXT                   -- which server keeps it (--name)
        );
        CREATE INDEX class_by_name ON class(server, folded);

        CREATE TABLE student (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            uid TEXT NOT NULL UNIQUE,     -- the student for good: a renamed student keeps it
            class_uid TEXT NOT NULL,      -- class.uid
            name TEXT NOT NULL,
            folded TEXT NOT NULL,
            code TEXT,                    -- the picture code, three digits 1-9; NULL: none
            position INTEGER NOT NULL,    -- the place in the class's list
            removed INTEGER NOT NULL DEFAULT 0  -- 1: taken off the list; their answers stay theirs
        );
        CREATE INDEX student_by_class ON student(class_uid);

        ALTER TABLE player ADD COLUMN student_uid TEXT;
        CREATE INDEX player_by_student ON player(student_uid);
        ALTER TABLE game ADD COLUMN class_uid TEXT;
        CREATE INDEX game_by_class ON game(class_uid, started_at);
        ALTER TABLE assignment ADD COLUMN class_uid TEXT;
        """

    static func version10(_ db: Database) throws {
        try db.execute(sql: version10SQL)
    }

    /// Migration names in the order they run (`v9` before `v10`, which text order gets wrong).
    static func inOrder(_ names: some Sequence<String>) -> [String] {
        names.sorted { (Int($0.dropFirst()) ?? 0, $0) < (Int($1.dropFirst()) ?? 0, $1) }
    }

    /// The condition on `player p` that leaves bots out, or nothing: a database a teacher locked
    /// before v6 has no bots marked.
    static func noBotsFilter(_ db: any SQLDatabase, _ noBots: Bool) throws -> String {
        guard noBots, try db.columns(in: "player").contains("bot") else { return "" }
        return " AND p.bot = 0"
    }

    /// How a report reads a question's detail: the column since v3, or the two factor columns
    /// of a database a teacher locked read-only before it could be migrated.
    static func detailColumn(_ db: any SQLDatabase, table: String) throws -> String {
        try db.columns(in: "question").contains("detail") ? "\(table).detail" : "(\(table).fact_a || ',' || \(table).fact_b)"
    }
}
