<?php return array('dependencies' => array(), 'version' => 'aa0cccacdbf427867fb0');
