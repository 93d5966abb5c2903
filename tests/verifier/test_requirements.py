from pathlib import Path

import pytest

from records import Requirement, RequirementsError, load_requirements


def _task(tmp_path: Path, body: str) -> Path:
    (tmp_path / "task").mkdir()
    (tmp_path / "task" / "task.toml").write_text('id = "t"\n' + body)
    return tmp_path


def test_loads_requirements_in_file_order(tmp_path):
    run = _task(tmp_path, '[[requirements]]\nid = "req-1"\ntext = " A. "\nmethod = "check"\n'
                          '[[requirements]]\nid = "req-2"\ntext = "B."\nmethod = "llm"\n')
    assert load_requirements(run) == (Requirement("req-1", "A.", "check"),
                                      Requirement("req-2", "B.", "llm"))


@pytest.mark.parametrize("body, message", [
    ("", "[[requirements]]: expected at least one entry"),
    ('[[requirements]]\nid = "r"\ntext = "x"\nmethod = "judge"\n', "requirements[0].method"),
    ('[[requirements]]\ntext = "x"\n', "requirements[0].id"),
    ('[[requirements]]\nid = "r"\n', "requirements[0].text"),
    ('[[requirements]]\nid = "r"\ntext = "x"\n[[requirements]]\nid = "r"\ntext = "y"\n',
     "duplicate id r"),
    ("id = [", "not valid TOML"),
])
def test_bad_task_toml_names_file_and_field(tmp_path, body, message):
    with pytest.raises(RequirementsError, match=r"task\.toml") as e:
        load_requirements(_task(tmp_path, body))
    assert message in str(e.value)


def test_missing_task_toml(tmp_path):
    with pytest.raises(RequirementsError, match="missing"):
        load_requirements(tmp_path)
