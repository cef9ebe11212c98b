"""Each client's README shows its whole example bot as the file is (so it cannot drift), policy
included; the TypeScript and Ruby ones in under 60 lines."""

from __future__ import annotations

from clients_support import CLIENTS, readme_shows_the_whole_bot


def test_the_typescript_readme_shows_the_whole_bot_in_under_60_lines() -> None:
    typescript = CLIENTS / "typescript"
    readme_shows_the_whole_bot(
        typescript / "README.md", typescript / "examples" / "bot.ts", "ts", 60
    )


def test_the_cpp_readme_shows_the_whole_bot() -> None:
    cpp = CLIENTS / "cpp"
    readme_shows_the_whole_bot(cpp / "README.md", cpp / "bot.cc", "cpp", 80)


def test_the_ruby_readme_shows_the_whole_bot_in_under_60_lines() -> None:
    ruby = CLIENTS / "ruby"
    readme_shows_the_whole_bot(ruby / "README.md", ruby / "bot.rb", "ruby", 60)
